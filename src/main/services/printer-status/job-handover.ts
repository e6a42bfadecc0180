import { JobError } from '../../../shared/job-error';
import { BytesFlow } from '../printers/bytes-flow';
import type { PrinterSession } from '../printers/printer-transport';
import { CUT_OFF, notConfirmed, stalledText } from './job-confirmation';
import { LinkLostError, SilentPrinterError, type StatusConversation } from './status-conversation';

export interface HandOverOptions {
  /** "printer at …", as the job's failure texts name it. */
  where: string;
  /** How long the printer has to answer the status request behind the job once it reached it. */
  answerMs: number;
  /** How long the printer may take nothing of the job before it counts as stopped. */
  stallMs: number;
  /** The job's print time at the slowest speed: what the printer may still need once it took every byte. */
  printMs: number;
  /** Between two readings of what the printer has yet to take. */
  flowPollMs: number;
  /** Whether the printer said it cannot print (ASB): its silence then is that, and the job is held, not failed. */
  blocked: () => boolean;
  /** Called when the printer left the request unanswered or hung up, for the monitor's count of silent printers. */
  unanswered: () => void;
  /**
   * Asks the printer on a connection of its own, once its answer behind the job did not come: whether it answers at
   * all (it may be hung; the asking counts the silence), and what it says (a stop it reports holds the job).
   */
  askAgain: () => Promise<boolean>;
}

/**
 * Writes a job and then a status request on the job's own session, and resolves once the printer answered that
 * request: a printer reads a real-time request (DLE EOT, Star's ESC ACK SOH) only after every byte in front of it, so
 * the answer is its own word that it took the whole job. The link taking the bytes proves nothing by itself (a printer
 * busy with another connection leaves ours in its backlog, whose kernel acknowledges all of it).
 *
 * A printer reads a job only as fast as it prints it, so there is no fixed deadline: while the job's bytes keep moving
 * into the printer (BytesFlow), and for its print time after the last one was taken, the answer is waited for. When
 * it does not come, the printer is asked again on a connection of its own before anything is called failed: a stop it
 * reports holds the job, and a job whose every byte the kernel saw acknowledged, by a printer that still answers, is
 * not failed (it took the job; the answer behind it was lost).
 *
 * Rejects with PRINTER when the printer hangs up or resets first (`closed the connection before taking the whole
 * job`), stops taking the bytes, or stays silent; the monitor then aborts the session, which resets a TCP connection.
 * Resolves without an answer when the printer is known to be stopped (the caller holds the job).
 */
export async function handOver(conversation: StatusConversation, session: PrinterSession, job: Uint8Array, options: HandOverOptions): Promise<void> {
  const { where, answerMs, stallMs } = options;
  const flow = new BytesFlow(() => session.outstanding(), { stallMs, pollMs: options.flowPollMs, printMs: options.printMs }).start();
  try {
    if ((await writeWhileFlowing(session, job, flow, options)) === 'blocked') return;
    try {
      await conversation.readStatusBehindJob(answerMs, () => !options.blocked() && flow.stillComing(answerMs));
      return;
    } catch (error) {
      if (!(error instanceof SilentPrinterError)) throw error;
      // The request waits behind the job's bytes: a printer stopped with a full buffer may only have spoken by ASB.
      if (options.blocked()) return;
      if (error instanceof LinkLostError) {
        options.unanswered();
        throw new JobError('PRINTER', `${where} ${CUT_OFF}`);
      }
    }
    const stalled = flow.state === 'stalled';
    const answers = await options.askAgain();
    if (options.blocked()) return;
    if (answers && flow.kernelConfirmed) return;
    if (stalled) throw new JobError('PRINTER', `${where} ${stalledText(job.length, stallMs)}`);
    throw new JobError('PRINTER', `${where} ${notConfirmed(job.length, answerMs + options.printMs, 'no answer to the status request sent after it')}`);
  } finally {
    flow.stop();
  }
}

/** Writes the job, for as long as the printer keeps taking it; `blocked` early when the printer reported a stop. */
async function writeWhileFlowing(session: PrinterSession, job: Uint8Array, flow: BytesFlow, options: HandOverOptions): Promise<'written' | 'blocked'> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<'stalled' | 'blocked'>((done) => {
    const check = (): void => {
      if (options.blocked()) return done('blocked');
      if (flow.state === 'stalled') return done('stalled');
      timer = setTimeout(check, options.flowPollMs);
    };
    timer = setTimeout(check, options.flowPollMs);
  });
  try {
    const outcome = await Promise.race([session.write(job).then(() => 'written' as const), stuck]);
    if (outcome === 'stalled') throw new JobError('PRINTER', `${options.where} ${stalledText(job.length, options.stallMs)}`);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
