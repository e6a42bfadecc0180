import { randomUUID } from 'node:crypto';
import type { SlidingWindowLimiter } from '../intake/rate-limiter';
import { resultOfCode, resultOfOutcome, type EpsonResult } from './epson-result';
import type { IntakeOutcome, InterpretEposPrint, OnlineOrderIntake } from '../intake/online-order-port';
import type { OfferedJob } from './request-info';
import { formerJobIdOf, jobIdOf } from './sdp-binding';

/** The device a TM-i calls its own printer; an SDP binding drives one Ticketera printer under that name. */
export const LOCAL_PRINTER = 'local_printer';

export interface JobContext {
  serverUrl: string;
  printer: string;
  /** The `ID` the server knows this printer by: with the URL and the printer, the binding that names the job. */
  deviceId: string;
  label: string;
  intake: OnlineOrderIntake;
  interpret: InterpretEposPrint;
  limiter: SlidingWindowLimiter;
  /** The longest wait for one job's outcome, whatever `<timeout>` the server gives; and the shortest. */
  maxWaitMs: number;
  minWaitMs: number;
}

export interface JobReport {
  id: string | undefined;
  result: EpsonResult;
  outcome: IntakeOutcome | undefined;
  /** Why the job was refused before it reached the intake, in English for logs and the window's "last problem". */
  problem?: string;
}

/**
 * One offered job: its device checked, its ePOS-Print made a document by the injected interpreter, printed through the
 * intake with the id of (binding, printjobid) — a job offered again is answered from what the service knows, never
 * printed twice — and its result worded as Epson words it. Never throws.
 */
export async function runOfferedJob(job: OfferedJob, context: JobContext): Promise<JobReport> {
  const live = (): ReturnType<OnlineOrderIntake['status']> => context.intake.status(context.printer);
  if (job.devid !== LOCAL_PRINTER && job.devid !== '') return { id: undefined, result: resultOfCode('DeviceNotFound', live()), outcome: undefined };
  if (job.printjobidProblem !== undefined) {
    // Printed under a name of our own it would be printed again on every offer, and a SetResponse without its name
    // tells the server nothing. Epson's printers word a request they cannot read as SchemaError (they have no code for
    // one parameter): refused, and the SetResponse carries the printjobid as sent, so the server stops offering it.
    const shown = JSON.stringify(job.printjobid?.slice(0, 40));
    return { id: undefined, result: resultOfCode('SchemaError', live()), outcome: undefined, problem: `${job.printjobidProblem} (${shown}): refused without printing` };
  }
  if (job.eposXml === undefined) return { id: undefined, result: resultOfCode('SchemaError', live()), outcome: undefined };
  // Page mode draws within the bound printer's width, as an Epson printer's own head bounds it.
  const read = context.interpret(job.eposXml, context.intake.describe(context.printer).dots);
  if (!read.ok) return { id: undefined, result: resultOfCode(read.code, live()), outcome: undefined };
  // Without a printjobid (Version 1.00) nothing names the job: each offer is a new job.
  const id = jobIdOf(context, job.printjobid ?? `unnamed-${randomUUID()}`);
  if (!context.limiter.allows()) return { id, result: resultOfCode('TooManyRequests', live()), outcome: undefined };
  context.limiter.record();
  const waitMs = Math.min(context.maxWaitMs, Math.max(context.minWaitMs, job.timeoutMs ?? context.maxWaitMs));
  const formerId = job.printjobid === undefined ? undefined : formerJobIdOf(context.serverUrl, job.printjobid);
  const printing = context.intake.print({ id, formerId, document: read.document, printer: context.printer, source: { kind: 'sdp', label: context.label } });
  const outcome = await within(printing, waitMs);
  return { id, result: resultOfOutcome(outcome, live()), outcome };
}

/** The outcome, or `timeout` when it takes longer (the job is not cancelled: an offer again is answered from it). */
async function within(outcome: Promise<IntakeOutcome>, waitMs: number): Promise<IntakeOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<IntakeOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout', mensaje: `EXECUTION: not printed within ${waitMs} ms; still in the queue`, status: undefined }), waitMs);
  });
  try {
    const settled = outcome.catch((error: unknown): IntakeOutcome => ({ kind: 'failed', mensaje: `EXECUTION: ${String(error)}`, status: undefined }));
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
