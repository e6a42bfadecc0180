/**
 * Lays out rows as left-aligned text columns two spaces apart (the first row is the header), optionally with a
 * dashed rule under it. Trailing spaces are dropped.
 */
export function alignColumns(rows: string[][], options: { ruleUnderHeader?: boolean } = {}): string {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const render = (row: string[]): string => widths.map((width, column) => (row[column] ?? '').padEnd(width)).join('  ').trimEnd();
  const lines = rows.map(render);
  if (options.ruleUnderHeader && lines.length > 0) lines.splice(1, 0, render(widths.map((width) => '-'.repeat(width))));
  return lines.join('\n');
}
