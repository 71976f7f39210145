/** Plural suffix 's' when count is above 1 or exactly 0, else '' (000 §5). */
export function pluralSuffix(count: number): 's' | '' {
  return count > 1 || count === 0 ? 's' : '';
}
