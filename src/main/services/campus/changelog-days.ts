import type { CampusChangelogDay, ChangelogEntry } from '../../../shared/contract/campus-types';

/**
 * The changelog newest first, one group per date. The sample is already in that order, but the spec does not promise
 * it, and two entries of the same day would show as two groups. `Y-m-d` sorts as text; undated entries go last.
 */
export function changelogDays(entries: readonly ChangelogEntry[]): CampusChangelogDay[] {
  const byDate = new Map<string | null, string[]>();
  for (const entry of entries) {
    const changes = byDate.get(entry.date) ?? [];
    changes.push(...entry.changes);
    byDate.set(entry.date, changes);
  }
  return [...byDate.entries()]
    .map(([date, changes]) => ({ date, changes }))
    .sort((a, b) => (a.date === b.date ? 0 : a.date === null ? 1 : b.date === null ? -1 : a.date < b.date ? 1 : -1));
}
