import { JobError, resultTextOf } from '../../../shared/job-error';
import type { PrintDocument } from '../../../shared/document/types';
import { validateDocument } from '../../../shared/document/validate-document';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { ERROR_TEXT } from '../../../shared/protocol';
import type { JobOutcome } from '../../../shared/contract/types';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { JobSource } from '../../../shared/contract/job-source';
import type { PrintService } from '../print-service';
import type { Door } from '../queue/door';
import { QueueFullError, type JobFinished } from '../queue/print-queue';
import { forgetStored, rememberWhileStoring, sameDocument } from './duplicate-id';
import { knownId } from './known-id';
import type { SlidingWindowLimiter } from './rate-limiter';
import type { JobRecord } from '../journal/job-record';

/**
 * A job from a door that builds the print document itself (a vendor protocol: ePOS-Print, WebPRNT, CloudPRNT…) and
 * answers its client only once the outcome is known — unlike `/ws`, which acknowledges first and sends `result` later.
 */
export interface DocumentRequest {
  /**
   * The idempotency key, namespaced by the door (`epos:<printjobid>`): a repeat of a job that printed is never printed
   * twice; one whose every attempt so far printed nothing (refused while the paper was out…) prints now.
   */
  id: string;
  document: PrintDocument;
  door: Door;
  source: JobSource;
  /** How long the client waits for the answer; the job goes on printing after it, the answer says `timeout`. */
  timeoutMs: number;
  /** The requester's sliding window of accepted jobs, if the door limits its clients. */
  limiter?: SlidingWindowLimiter;
  /**
   * The id this job had in an earlier version (online orders, before their ids named the binding): when `id` is new and
   * the former id printed within FORMER_ID_WINDOW_MS, or is printing, that is the answer, so an order in flight across
   * the upgrade does not print twice.
   */
  formerId?: string | undefined;
  /**
   * The id alone names the job, whatever the body offered under it (online-order servers: a server that renders the
   * order when it is fetched, a "printed at" line, sends another body each time). A known id is then answered from
   * what it became, or printed with the body offered now when it printed nothing. Without it (ePOS-Print, WebPRNT, a
   * POS sending its sale): one id, one document, and another body under a used id is refused as a duplicate.
   */
  idNamesTheJob?: boolean;
}

/**
 * What became of it:
 * - `printed`: on paper (or handed to a printer that does not confirm paper);
 * - `refused`: the printer could not print (out of paper, cover open…) so nothing was sent;
 * - `held`: the printer stopped during or before it; the owner prints or discards it in the window;
 * - `failed`: the document could not be printed (encoding, a transport error);
 * - `invalid`: the document was refused before it was queued (`category` says why);
 * - `busy`: no room (queue full, too many jobs from this requester), nothing queued;
 * - `timeout`: still waiting or printing when the client's time was up (it is not cancelled).
 */
export type DocumentOutcomeKind = 'printed' | 'refused' | 'held' | 'failed' | 'invalid' | 'busy' | 'timeout';

export interface DocumentOutcome {
  kind: DocumentOutcomeKind;
  /** The job's result text (as `/ws` sends it) or why it was not taken. */
  mensaje: string;
  /** The printer's last word about itself when it reads back (undefined for spooler printers, or not routed yet). */
  status: PrinterLiveStatus | undefined;
  /** `busy`: why exactly (`rate` for the requester's limit, `queue` for the queue's slots). */
  busy?: 'rate' | 'queue';
}

/** Answers waiting for jobs to finish, one listener on the queue for all of them. */
const waiters = new WeakMap<PrintService, Map<string, Set<(finished: JobFinished) => void>>>();

function waitersOf(service: PrintService): Map<string, Set<(finished: JobFinished) => void>> {
  let byId = waiters.get(service);
  if (!byId) {
    const created = new Map<string, Set<(finished: JobFinished) => void>>();
    service.queue.on('finished', (finished) => {
      const callbacks = created.get(finished.id);
      if (!callbacks) return;
      created.delete(finished.id);
      for (const callback of callbacks) callback(finished);
    });
    waiters.set(service, created);
    byId = created;
  }
  return byId;
}

/**
 * Takes a door's document into the same intake as `/ws`: validated, checked against the id already known (a repeat is
 * answered from what it became once it printed, waited for while pending, printed again only when it printed nothing:
 * known-id.ts), given a slot by the door's fair share, journaled before it counts as accepted, then waited for within
 * `timeoutMs`. Never rejects.
 */
export async function submitDocument(service: PrintService, request: DocumentRequest): Promise<DocumentOutcome> {
  const { queue } = service;
  const { id, document } = request;
  try {
    validateDocument(document);
  } catch (error) {
    return { kind: 'invalid', mensaje: resultTextOf(error), status: undefined };
  }
  const known = knownId(service, id);
  if (known.kind === 'new' && request.formerId !== undefined) {
    const former = formerOutcome(service, request.formerId, request.timeoutMs);
    if (former) return former;
  }
  if (known.kind !== 'new' && !request.idNamesTheJob) {
    let same: boolean;
    try {
      same = sameDocument(service, id, document);
    } catch (error) {
      return { kind: 'invalid', mensaje: resultTextOf(error), status: undefined };
    }
    if (!same) return { kind: 'invalid', mensaje: ERROR_TEXT.duplicateId(id), status: undefined };
  }
  if (known.kind === 'final') return answeredFromJournal(service, id, known.record);
  if (known.kind === 'pending' || known.kind === 'unfinished') return waitFor(service, id, request.timeoutMs).outcome;
  if (request.limiter && !request.limiter.allows()) return { kind: 'busy', busy: 'rate', mensaje: ERROR_TEXT.rateLimited, status: undefined };
  if (!queue.hasRoomFor(request.door)) return { kind: 'busy', busy: 'queue', mensaje: ERROR_TEXT.queueFull, status: undefined };
  request.limiter?.record();
  // Listening before the job is queued: a job refused at once by its printer finishes on the next turn.
  const waiting = waitFor(service, id, request.timeoutMs);
  rememberWhileStoring(service, id, document);
  try {
    await queue.accept({ id, datos: document, requestedPrinter: requestedPrinterOf(document), door: request.door, source: request.source, again: known.kind === 'again' });
  } catch (error) {
    waiting.cancel();
    if (error instanceof QueueFullError) return { kind: 'busy', busy: 'queue', mensaje: ERROR_TEXT.queueFull, status: undefined };
    return { kind: error instanceof JobError && error.category === 'EXECUTION' ? 'failed' : 'invalid', mensaje: resultTextOf(error), status: undefined };
  } finally {
    forgetStored(service, id);
  }
  return waiting.outcome;
}

/** How long an order printed under its former id is still answered from it: a server offers an order again within minutes. */
export const FORMER_ID_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * What an order became under the id it had before this version (an upgrade in the middle of service): printed, or still
 * printing, it is answered from that; otherwise (unknown, printed nothing, or printed over a day ago: a server that reuses
 * order numbers the next day) undefined, and the order goes on under its own id.
 */
function formerOutcome(service: PrintService, formerId: string, timeoutMs: number): Promise<DocumentOutcome> | undefined {
  const former = knownId(service, formerId);
  if (former.kind === 'pending') return waitFor(service, formerId, timeoutMs).outcome;
  if (former.kind !== 'final' || Date.now() - (former.record.finishedAt ?? 0) > FORMER_ID_WINDOW_MS) return undefined;
  return Promise.resolve(answeredFromJournal(service, formerId, former.record));
}

/** A final id's answer: what its stored outcome says, with the printer's live status. */
function answeredFromJournal(service: PrintService, id: string, record: JobRecord): DocumentOutcome {
  const status = record.state === 'success' ? 'success' : 'error';
  return outcomeOf(service, { id, status, mensaje: record.resultText ?? '', printerUri: record.printerUri, outcome: record.outcome ?? 'failed' });
}

interface Waiting {
  outcome: Promise<DocumentOutcome>;
  /** The job was never queued after all: nothing to wait for. */
  cancel(): void;
}

function waitFor(service: PrintService, id: string, timeoutMs: number): Waiting {
  const callbacks = waitersOf(service);
  const set = callbacks.get(id) ?? new Set<(finished: JobFinished) => void>();
  callbacks.set(id, set);
  let cancel = (): void => undefined;
  const outcome = new Promise<DocumentOutcome>((resolve) => {
    const done = (finished: JobFinished): void => {
      clearTimeout(timer);
      resolve(outcomeOf(service, finished));
    };
    const timer = setTimeout(() => {
      set.delete(done);
      resolve({ kind: 'timeout', mensaje: `EXECUTION: not printed within ${timeoutMs} ms; still in the queue`, status: undefined });
    }, Math.max(0, timeoutMs));
    set.add(done);
    cancel = () => {
      clearTimeout(timer);
      set.delete(done);
    };
  });
  return { outcome, cancel };
}

function outcomeOf(service: PrintService, finished: { id: string; status: 'success' | 'error'; mensaje: string; printerUri: string | null; outcome: JobOutcome }): DocumentOutcome {
  const status = finished.printerUri === null ? undefined : service.monitors.statusOf(finished.printerUri);
  return { kind: kindOf(finished), mensaje: finished.mensaje, status };
}

function kindOf(finished: { status: 'success' | 'error'; mensaje: string; outcome: JobOutcome }): DocumentOutcomeKind {
  if (finished.status === 'success') return 'printed';
  if (finished.outcome === 'held') return 'held';
  // The queue refuses a job its printer cannot take with the PRINTER category before a byte is sent (check-before-job).
  if (finished.mensaje.startsWith('PRINTER:')) return 'refused';
  return 'failed';
}
