/**
 * Column shares → whole characters per column summing to the line (one space between columns, largest remainder),
 * each at least 1; undefined when they cannot fit. The encoder lays tables out with it, and the designer warns with
 * it when a column title will wrap, so both always agree.
 */
export function fitColumns(shares: readonly number[], lineColumns: number): number[] | undefined {
  const available = lineColumns - (shares.length - 1);
  if (available < shares.length) return undefined;
  const total = shares.reduce((sum, share) => sum + share, 0);
  const exact = shares.map((share) => (share / total) * available);
  const widths = exact.map((value) => Math.max(1, Math.floor(value)));
  let left = available - widths.reduce((sum, width) => sum + width, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (let step = 0; left > 0; step++, left--) {
    const pick = order[step % order.length];
    if (pick) widths[pick.index] = (widths[pick.index] ?? 0) + 1;
  }
  while (left < 0) {
    const widest = widths.indexOf(Math.max(...widths));
    widths[widest] = (widths[widest] ?? 1) - 1;
    left++;
  }
  return widths;
}
