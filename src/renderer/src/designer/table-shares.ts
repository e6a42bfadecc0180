/**
 * Column widths are shares of the line (any numbers: 30 and 18 are 62.5 % and 37.5 %). The form shows them as whole
 * percentages that always add up to 100 (largest remainder: rounding each alone shows 63 % + 38 % = 101 %), and a
 * percentage typed for one column takes the rest from the others in proportion.
 */
export function percentsOf(shares: readonly number[]): number[] {
  const total = shares.reduce((sum, share) => sum + share, 0);
  if (shares.length === 0 || total <= 0) return shares.map(() => 0);
  return spread(100, shares.map((share) => share / total));
}

/** The shares after one column is set to `percent` of the line: whole percentages summing to 100, each at least 1. */
export function withPercent(shares: readonly number[], index: number, percent: number): number[] {
  if (shares.length <= 1) return [100];
  const others = shares.length - 1;
  const own = Math.min(100 - others, Math.max(1, Math.round(percent)));
  const rest = shares.filter((_, at) => at !== index);
  const restTotal = rest.reduce((sum, share) => sum + share, 0);
  const fractions = rest.map((share) => (restTotal > 0 ? share / restTotal : 1 / others));
  const spreadRest = spread(100 - own, fractions, 1);
  const result = [...spreadRest];
  result.splice(index, 0, own);
  return result;
}

/** `whole` split by `fractions` (summing to 1) into integers summing to `whole`, each at least `floor`. */
function spread(whole: number, fractions: readonly number[], floor = 0): number[] {
  const spare = whole - floor * fractions.length;
  const exact = fractions.map((fraction) => fraction * spare);
  const parts = exact.map((value) => Math.floor(value));
  let left = spare - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts.map((part) => part + floor);
}

/** A list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
