import { alignColumns } from '../src/main/cli/text-columns';

/** One line of `npm run bench`'s table: a figure, the target it is held to, and whether it met it. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
}

export function formatTable(rows: BenchRow[]): string {
  const header = ['measure', 'value', 'target', 'ok'];
  const body = rows.map((row) => [row.name, `${formatNumber(row.value)} ${row.unit}`.trim(), row.target, row.pass ? 'yes' : 'NO']);
  return alignColumns([header, ...body], { ruleUnderHeader: true });
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  // Small ratios (0.004×) would all print as 0.00.
  if (Math.abs(value) < 0.1) return value.toPrecision(2);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
