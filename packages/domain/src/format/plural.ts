import { formatInteger } from './number';

/** Plural suffix 's' when count is above 1 or exactly 0, else '' (000 §5). */
export function pluralSuffix(count: number): 's' | '' {
  return count > 1 || count === 0 ? 's' : '';
}

/** '{n} {noun}' with the plural suffix of 000 §5: '1 Result', '0 Results', '1,526 Results'. */
export function countText(count: number, noun: string): string {
  return `${formatInteger(count)} ${noun}${pluralSuffix(count)}`;
}
