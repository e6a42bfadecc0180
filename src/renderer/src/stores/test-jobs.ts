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

/** Test pages sent whose submit has not answered yet: their job may already be in a list, without a known id. */
let unanswered = 0;

/**
 * Sends a test page and remembers its id. The virtual printer prints it before the submit answers, so meanwhile a
 * job not known as a test page may be this one: `testPageUnanswered` tells Home not to take it for the POS's.
 */
export async function submitTestPage(submit: () => Promise<{ id: string }>): Promise<string> {
  unanswered += 1;
  try {
    const { id } = await submit();
    rememberTestJob(id);
    return id;
  } finally {
    unanswered -= 1;
  }
}

export const testPageUnanswered = (): boolean => unanswered > 0;
