import { JobError, NothingSentError } from '../../../shared/job-error';
import { BLOCKER_TEXTS, type PrintBlocker } from '../../../shared/printer-status/live-status';
import { LinkLostError, SilentPrinterError, type StatusConversation } from './status-conversation';

export interface CheckBeforeJobOptions {
  uri: string;
  /** "printer at …", as the job's failure texts name it. */
  where: string;
  /** How long the printer has to answer (the monitor's answerMs): past it, it is offline. */
  answerMs: number;
  /** What the printer's answer says stops it (out of paper, cover open, a fault), null when it can print. */
  blocker: () => PrintBlocker | null;
  /** Called when the printer left the check unanswered or hung up, so the monitor shows it offline. */
  unanswered: () => void;
}

/**
 * The `result` for a job a printer refused before any of it was sent: the same words the queue gives a job for a
 * printer already known to be stopped, since for the POS it is the same case (not taken; nothing can print late).
 */
export const refusedText = (blocker: PrintBlocker, uri: string): string =>
  `${BLOCKER_TEXTS[blocker]}: the printer at ${uri} cannot print now, so this ticket was not taken; send it to another printer or again once the problem is fixed`;

/**
 * Asks the printer before the first byte of a job, on the job's own session (issue 21): a job written into a printer
 * that cannot print waits in its buffer and comes out by itself once paper is loaded, after the cashier was told it
 * failed and printed it again, and only Epson models can be told to drop it. The last idle poll may be seconds old,
 * so only a fresh answer counts. Resolves when the printer can print; rejects with PRINTER, nothing of the job sent
 * (NothingSentError: the id is not final), when it says it cannot (refused), or does not answer within `answerMs` or
 * hangs up (offline, as a poll would find).
 */
export async function checkBeforeJob(conversation: StatusConversation, options: CheckBeforeJobOptions): Promise<void> {
  const { where, answerMs } = options;
  try {
    await conversation.readStatusBeforeJob(answerMs);
  } catch (error) {
    if (!(error instanceof JobError)) throw error;
    options.unanswered();
    const what = error instanceof SilentPrinterError && !(error instanceof LinkLostError) ? `did not answer a status request within ${answerMs} ms (offline, unplugged or hung)` : 'closed the connection before answering a status request';
    throw new NothingSentError('PRINTER', `${where} ${what}, so this ticket was not sent`);
  }
  const blocker = options.blocker();
  if (blocker === null || blocker === 'silent') return;
  throw new NothingSentError('PRINTER', refusedText(blocker, options.uri));
}
