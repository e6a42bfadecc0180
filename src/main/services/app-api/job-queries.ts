import { CANCELLED_TEXT, type JobCounts, type JobPage, type ReprintResult } from '../../../shared/contract/types';
import type { JobFilter } from '../journal/job-query';
import type { JobRecord } from '../journal/job-record';
import type { PrintService } from '../print-service';
import { jobSummaryOf } from './job-view';

/**
 * The window's questions about the history, answered by the journal. A journal that cannot be read throws (the
 * window says so) rather than answering with an empty history that would look like "no jobs".
 */

/** A job that finished while the disk was full shows its real outcome, not the `printing` the journal still has. */
function withUnrecorded(service: PrintService, record: JobRecord): JobRecord {
  const outcome = service.queue.unrecordedFinish(record.id);
  return outcome ? { ...record, state: outcome.state, resultText: outcome.mensaje, finishedAt: outcome.at } : record;
}

export function jobPageOf(service: PrintService, filter: JobFilter): JobPage {
  const { jobs, total } = service.journal.query(filter);
  return { jobs: jobs.map((record) => jobSummaryOf(withUnrecorded(service, record))), total };
}

export const jobCountsOf = (service: PrintService, since: number): JobCounts => service.journal.countsSince(since, CANCELLED_TEXT);

export const jobPrintersOf = (service: PrintService): string[] => service.journal.printers();

export function reprintOf(service: PrintService, id: string): ReprintResult {
  if (service.queue.reprint(id)) return { ok: true, reason: 'queued' };
  return { ok: false, reason: service.job(id) ? 'not-finished' : 'unknown' };
}
