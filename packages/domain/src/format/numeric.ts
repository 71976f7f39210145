const DECIMAL_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Numeric check: a non-empty value that is a finite number (000 §5); strings must be plain decimal notation. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text !== '' && DECIMAL_NUMBER.test(text) && Number.isFinite(Number(text));
}
