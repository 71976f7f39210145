// Paying a sales split (001 §3, §5; decision 017 "Splits in the ledger"): an amount in integer cents divided
// by the recipients' percentages, exactly (the parts always sum to the amount).

/**
 * Divides `totalCents` by `percentages` (two decimals each, e.g. 70 and 30, or 33.33 ×3): each part is the
 * floor of its share, and the cents left over go one each to the largest remainders (the first on ties).
 * Percentages that do not total 100 are read as proportions of their sum. Empty or all-zero: [].
 */
export function splitAmount(totalCents: number, percentages: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('splitAmount needs integer cents');
  const weights = percentages.map((p) => Math.max(0, Math.round(p * 100)));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return [];
  const total = BigInt(totalCents);
  const parts = weights.map((w) => (total * BigInt(w)) / BigInt(sum));
  const remainders = weights.map((w, i) => ({ i, r: (total * BigInt(w)) % BigInt(sum) }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p));
}
