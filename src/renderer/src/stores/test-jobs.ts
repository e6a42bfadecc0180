/**
 * The test pages this window sent (Home's guide and the Printers page), by job id, kept across reloads: Home counts
 * one printed from either page as step 2 done, and never takes one for a ticket from the POS.
 */
const TEST_JOBS_KEY = 'ticketera.test-jobs';
/** More than the Home feed reads (20): an older test page cannot be mistaken for a POS ticket there. */
const KEPT = 50;

function readIds(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(TEST_JOBS_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

let ids = readIds();

export function rememberTestJob(id: string): void {
  ids = [...ids.filter((known) => known !== id), id].slice(-KEPT);
  try {
    localStorage.setItem(TEST_JOBS_KEY, JSON.stringify(ids));
  } catch {
    // Private windows may refuse storage: the ids then last for this visit.
  }
}

export const isTestJob = (id: string): boolean => ids.includes(id);
