import { printedNothing, type JobRecord } from '../journal/job-record';
import type { PrintService } from '../print-service';

/**
 * What the service knows of a ticket's id when it is offered, the same for every door:
 * - `new`: never seen (or the journal cannot be read): a new job;
 * - `pending`: waiting or printing: answered when it ends, never queued twice;
 * - `final`: it finished with something on paper, or that may be (bytes sent, held or interrupted mid-job), or the
 *   owner said not to print it (cancelled while it waited, discarded while held): answered from the journal, never
 *   printed by an offer;
 * - `again`: it finished without a byte reaching a printer (refused before the job, failed before its first byte, held
 *   behind another, expired) and the owner did not stop it: the offer is a new attempt under the same id (see
 *   printedNothing);
 * - `unfinished`: in the journal as waiting or printing but not in the queue (a restart has not restored it yet).
 */
export type KnownId =
  | { kind: 'new' }
  | { kind: 'pending' }
  | { kind: 'final'; record: JobRecord }
  | { kind: 'again'; record: JobRecord }
  | { kind: 'unfinished'; record: JobRecord };

export function knownId(service: PrintService, id: string): KnownId {
  if (service.queue.isPending(id)) return { kind: 'pending' };
  const record = service.job(id);
  if (!record) return { kind: 'new' };
  if (record.state === 'queued' || record.state === 'printing') return { kind: 'unfinished', record };
  return printedNothing(record) ? { kind: 'again', record } : { kind: 'final', record };
}
