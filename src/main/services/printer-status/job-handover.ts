import { JobError } from '../../../shared/job-error';
import type { PrinterSession } from '../printers/printer-transport';
import { CUT_OFF, notConfirmed } from './job-confirmation';
import { LinkLostError, SilentPrinterError, type StatusConversation } from './status-conversation';

export interface HandOverOptions {
  /** "printer at …", as the job's failure texts name it. */
  where: string;
  /** How long the printer has to answer the status request behind the job. */
  answerMs: number;
  /** Longest wait for a printer that keeps talking (ASB) while it takes in a long job; also bounds writing the job. */
  patienceMs: number;
  /** Whether the printer said it cannot print (ASB): its silence then is that, and the job is held, not failed. */
  blocked: () => boolean;
  /** Called when the printer left the request unanswered or hung up, for the monitor's count of silent printers. */
  unanswered: () => void;
}

/**
 * Writes a job and then a status request on the job's own session, and resolves once the printer answered that
 * request: a printer reads a real-time request (DLE EOT, Star's ESC ACK SOH) only after every byte in front of it, so
 * the answer is its own word that it took the whole job. Nothing less counts: the link taking the bytes proves nothing
 * (a printer busy with another connection leaves ours in its backlog, whose kernel acknowledges all of it).
 *
 * Rejects with PRINTER when the printer hangs up or resets first (`closed the connection before taking the whole
 * job`) or stays silent (`did not confirm it took the whole job`); the monitor then aborts the session, which resets
 * a TCP connection. Resolves without an answer only when the printer is known to be stopped (the caller holds the job).
 */
export async function handOver(conversation: StatusConversation, session: PrinterSession, job: Uint8Array, options: HandOverOptions): Promise<void> {
  const { where, answerMs, patienceMs } = options;
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobError('PRINTER', `${where} ${notConfirmed(job.length, patienceMs, 'it stopped taking the bytes')}`)), patienceMs);
  });
  try {
    await Promise.race([session.write(job), stuck]);
  } finally {
    clearTimeout(timer);
  }
  try {
    await conversation.readStatus(answerMs, patienceMs);
  } catch (error) {
    if (!(error instanceof SilentPrinterError)) throw error;
    // The request waits behind the job's bytes: a printer stopped with a full buffer may only have spoken by ASB.
    if (options.blocked()) return;
    options.unanswered();
    if (error instanceof LinkLostError) throw new JobError('PRINTER', `${where} ${CUT_OFF}`);
    throw new JobError('PRINTER', `${where} ${notConfirmed(job.length, answerMs, 'no answer to the status request sent after it')}`);
  }
}
