/**
 * Splits `total` into whole shares proportional to `weights`, each at least 1, that add up to `total` exactly
 * (largest remainder; ties to the earlier weight, so the split never depends on sort stability).
 */
export function allot(total: number, weights: readonly number[]): number[] {
  if (total < weights.length) throw new RangeError(`${total} cannot give ${weights.length} shares at least 1 each`);
  const spare = total - weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (spare * weight) / sum);
  const shares = exact.map((share) => 1 + Math.floor(share));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}
