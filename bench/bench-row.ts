import { alignColumns } from '../src/main/cli/text-columns';

/** One line of `npm run bench`'s table: a figure, the target it is held to, and whether it met it. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
  /** The issue goal this row decides (`npm run bench` ends with YES/NO for each goal). */
  goal?: string;
  /** Why the goal is missed when it is: what the measurements point at (shown only with NO). */
  whyMissed?: string;
}

export function formatTable(rows: BenchRow[]): string {
  const header = ['measure', 'value', 'target', 'ok'];
  const body = rows.map((row) => [row.name, `${formatNumber(row.value)} ${row.unit}`.trim(), row.target, row.pass ? 'yes' : 'NO']);
  return alignColumns([header, ...body], { ruleUnderHeader: true });
}

/**
 * The goals of the rows that carry one, each YES or NO with the figure that decided it and, for a NO, the reason. A
 * goal decided by several rows is met only when all of them are.
 */
export function formatGoals(rows: BenchRow[]): string {
  const goals = new Map<string, BenchRow[]>();
  for (const row of rows) if (row.goal !== undefined) goals.set(row.goal, [...(goals.get(row.goal) ?? []), row]);
  const lines: string[] = [];
  for (const [goal, decided] of goals) {
    const met = decided.every((row) => row.pass);
    const figures = decided.map((row) => `${row.name}: ${formatNumber(row.value)} ${row.unit}`.trim() + ` (${row.target})`).join('; ');
    lines.push(`${met ? 'YES' : 'NO '} ${goal} — ${figures}`);
    for (const row of decided) if (!row.pass && row.whyMissed) lines.push(`    why not: ${row.whyMissed}`);
  }
  return lines.join('\n');
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  // Small ratios (0.004×) would all print as 0.00.
  if (Math.abs(value) < 0.1) return value.toPrecision(2);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
