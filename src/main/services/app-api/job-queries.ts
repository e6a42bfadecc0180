import { CANCELLED_TEXT, type DrawerOpeningsDay, type JobCounts, type JobDetail, type JobPage, type ReprintResult } from '../../../shared/contract/types';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import type { JobFilter } from '../journal/job-query';
import type { PrintService } from '../print-service';
import { jobDetailOf, jobSummaryOf } from './job-view';
import { ticketPreviewOf } from './ticket-preview';

/**
 * The window's questions about the history, answered by the journal. A journal that cannot be read throws (the
 * window says so) rather than answering with an empty history that would look like "no jobs".
 */

export function jobPageOf(service: PrintService, filter: JobFilter): JobPage {
  const { jobs, total } = service.journal.query(filter);
  return {
    jobs: jobs.map((record) => {
      // Every row says which sale it is (its first lines), not an id: a held card shows three, a Jobs row one.
      return { ...jobSummaryOf(service.withUnrecorded(record)), preview: ticketPreviewOf(record.datos) };
    }),
    total,
  };
}

/** A job with each of its earlier prints (a reprint keeps them, see JobJournal.requeue). */
export function jobDetailFor(service: PrintService, id: string): JobDetail | null {
  const record = service.job(id);
  return record ? jobDetailOf(record, service.journal.earlierPrints(id)) : null;
}

/**
 * The job with the model a reprint would be laid out for now: the printer it would go to (as routing resolves it
 * today) and the model set for that printer, unless the document names its own. Null when no printer answers to it.
 */
export async function jobDetailWithReprintFor(service: PrintService, id: string): Promise<JobDetail | null> {
  const detail = jobDetailFor(service, id);
  if (!detail) return null;
  const uri = await service.catalog.resolve(detail.requestedPrinter ?? undefined).catch(() => null);
  const model = uri === null ? undefined : await service.printerModelAt(uri).catch(() => undefined);
  return { ...detail, reprintModel: uri === null ? null : documentProfile(detail.datos, model).id };
}

export const jobCountsOf = (service: PrintService, since: number): JobCounts => service.journal.countsSince(since, CANCELLED_TEXT);

/** Drawer openings counted per local day and printer, for the cash-control audit in the history. */
export function drawerOpeningsOf(service: PrintService, from: number, to: number): DrawerOpeningsDay[] {
  const counts = new Map<string, DrawerOpeningsDay>();
  for (const opening of service.journal.drawerOpenings(from, to)) {
    const day = localDay(opening.at);
    const key = `${day}\u0000${opening.printer}`;
    const entry = counts.get(key) ?? { day, printer: opening.printer, openings: 0 };
    entry.openings += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/** The shop's calendar day of a moment: the service runs on the till, in the shop's time zone. */
function localDay(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export const jobPrintersOf = (service: PrintService): string[] => service.journal.printers();

export function reprintOf(service: PrintService, id: string): ReprintResult {
  // Printing a held job while its printer is still out of paper would only fail it: it stays held instead.
  if (service.heldJobBlocker(id) !== null) return { ok: false, reason: 'printer-blocked' };
  if (service.queue.reprint(id)) return { ok: true, reason: 'queued' };
  return { ok: false, reason: service.job(id) ? 'not-finished' : 'unknown' };
}
