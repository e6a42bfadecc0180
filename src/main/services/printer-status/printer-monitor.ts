import { EventEmitter } from 'node:events';
import { JobError, nothingSent } from '../../../shared/job-error';
import { alertsBetween, type PrinterAlert } from '../../../shared/printer-status/printer-alerts';
import { BLOCKER_TEXTS, blockerOf, type PrintBlocker, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { PrinterSession, PrinterTransport } from '../printers/printer-transport';
import type { StatusReading } from './escpos-status-bits';
import { applyReading } from './merge-readings';
import { ESCPOS_STATUS_DIALECT } from './escpos-status-dialect';
import { DEFAULT_STALL_MS, printerAt } from './job-confirmation';
import { printAllowanceMs } from '../printers/bytes-flow';
import { STAR_STATUS_DIALECT } from './star-status-dialect';
import { handOver } from './job-handover';
import { checkBeforeJob } from './check-before-job';
import { MAY_STILL_PRINT } from '../../../shared/printer-status/held-partly-sent';
import { SilentPrinterError, StatusConversation, type StatusDialect } from './status-conversation';

export interface MonitorTiming {
  /** Between status requests while no job runs. */
  idlePollMs: number;
  /** How long the printer has to answer a status request before it counts as silent (offline). */
  answerMs: number;
  /** Between status requests while a job prints and its confirmation is awaited. */
  jobPollMs: number;
  /**
   * How long a job waits for the printer's word that it is on paper before its `result` says "delivered": the POS
   * must hear within the protocol's 5 seconds.
   */
  confirmMs: number;
  /** For printers that do not confirm on paper: the pause before the status read that checks the job went through. */
  settleMs: number;
  /** Between status requests while the printer cannot print (out of paper…), so its return is noticed soon. */
  blockedPollMs: number;
  /**
   * How long a printer may take nothing of a job before it counts as stopped. There is no deadline for a job as such:
   * a printer reads it only as fast as it prints it (see handOver).
   */
  jobStallMs: number;
  /**
   * Asks the printer before the first byte of each job (see checkBeforeJob), bounded by answerMs. Off only to measure
   * what the check costs (`npm run bench -- status`).
   */
  checkBeforeJob: boolean;
}

export const DEFAULT_MONITOR_TIMING: MonitorTiming = {
  idlePollMs: 10_000,
  answerMs: 2_000,
  jobPollMs: 250,
  confirmMs: 4_000,
  settleMs: 300,
  blockedPollMs: 2_000,
  jobStallMs: DEFAULT_STALL_MS,
  checkBeforeJob: true,
};

/** How a job sent through the monitor ended. */
export type Delivery = 'printed' | 'delivered';

/** The printer stopped the job (paper, cover, fault): the lane holds its jobs instead of pushing them on. */
export class PrinterBlockedError extends JobError {
  constructor(
    readonly blocker: PrintBlocker,
    /** What the printer reports (paper out, cover open…), in the result texts' words. */
    readonly reason: string,
    /** Part of the job may be in the printer and print by itself once the problem is fixed. */
    readonly mayStillPrint: boolean,
  ) {
    super('PRINTER', mayStillPrint ? `${reason} (${MAY_STILL_PRINT})` : reason);
  }
}

interface MonitorEvents {
  status: [status: PrinterLiveStatus, alerts: PrinterAlert[]];
}

/**
 * One printer that reads back (TCP 9100, direct USB), asked about itself on a bounded schedule while idle and around
 * every job, on a connection of its own each time. Jobs go through `deliver`, which watches the printer while it
 * prints: confirmed on paper where the model answers GS ( H, stopped and cleared when the paper runs out or the
 * cover opens. Never more than one conversation with the printer at a time.
 */
export class PrinterMonitor extends EventEmitter<MonitorEvents> {
  private current: PrinterLiveStatus;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private nextProcessId = Math.floor(Math.random() * 10_000);
  /** Status requests in a row a printer that never answered left unanswered (it may not read back at all). */
  private unansweredInARow = 0;
  private polling: Promise<PrinterLiveStatus> | null = null;

  constructor(
    readonly uri: string,
    private readonly transport: PrinterTransport & { open(): Promise<PrinterSession> },
    private readonly timing: MonitorTiming,
    confirmsOnPaper: boolean,
    private readonly now: () => number = Date.now,
    /** The printer's command language's way of asking (ESC/POS, or Star's for Star profiles). */
    private readonly dialect: StatusDialect = ESCPOS_STATUS_DIALECT,
  ) {
    super();
    this.current = { uri, link: 'unknown', offline: false, coverOpen: false, paper: 'ok', drawerOpen: null, faults: [], unknownBits: [], answeredAt: null, confirmsOnPaper };
  }

  get status(): PrinterLiveStatus {
    return this.current;
  }

  /**
   * The printer has answered a status request since the service started. Until then jobs go out the plain way (a
   * network adapter that never passes answers back must keep printing) and its state stays `unknown`.
   */
  get readsBack(): boolean {
    return this.current.answeredAt !== null;
  }

  /**
   * Whether the printer reads back, asking it first if no status round has ended yet: a job's way (confirmed by the
   * printer, or the plain close in turn) is chosen by what the printer is, never by "no answer yet" (the first job after
   * a start, and jobs restored from the journal, come before the first poll's answer).
   */
  async readsBackNow(): Promise<boolean> {
    // Known not to: it was reached and left a round unanswered. A printer that could not be reached (off, unplugged)
    // says nothing about what it is, so it is asked again.
    if (this.readsBack || this.unansweredInARow > 0) return this.readsBack;
    // The poll already on its way (the monitor's first, at start) answers this too: one round, not two.
    await (this.polling ?? this.poll()).catch(() => undefined);
    return this.readsBack;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Asks the printer now (queued behind a job in progress). */
  poll(): Promise<PrinterLiveStatus> {
    const run = this.exclusive(async () => {
      await this.converse(async (conversation) => {
        await conversation.readStatus(this.timing.answerMs);
      });
      return this.current;
    });
    this.polling = run;
    void run.catch(() => undefined).finally(() => {
      if (this.polling === run) this.polling = null;
    });
    return run;
  }

  /**
   * Prints a job and watches it: first asks the printer (checkBeforeJob), and sends nothing when it cannot print or
   * does not answer (a NothingSentError('PRINTER'): refused, or offline, as when it cannot be reached at all); then
   * resolves `printed` once the printer confirmed
   * the job on paper, `delivered` when it only confirmed taking every byte (it answered a status request sent after
   * them: see handOver); rejects with PrinterBlockedError when the paper ran out, the cover opened or a fault stopped
   * it (what it still held of the job is cleared where the model can), or with a JobError('PRINTER') when it could not
   * be reached, hung up before taking the whole job, or never confirmed it.
   */
  deliver(bytes: Uint8Array, printMs = printAllowanceMs(bytes, this.dialect === STAR_STATUS_DIALECT ? 'star-line' : 'escpos')): Promise<Delivery> {
    return this.exclusive(async () => {
      let outcome: Delivery = 'delivered';
      if (this.timing.checkBeforeJob) {
        // On a session of its own: on the job's connection, the job written right after the answers makes the
        // computer delay its acknowledgements (Linux's interactive mode), and a printer whose TCP stack holds a small
        // answer until the one before is acknowledged (Nagle) then holds the answers that confirm the job for the
        // delayed-acknowledgement time (40 ms on Linux): ticket → printed was 11× slower on the bench.
        // Whatever ends the check ends it on a session of its own, before the job's: nothing of the job was sent.
        await this.converse((conversation) =>
          checkBeforeJob(conversation, { uri: this.uri, where: printerAt(this.uri), answerMs: this.timing.answerMs, blocker: () => blockerOf(this.current), unanswered: () => this.unanswered() }),
        ).catch((error: unknown) => {
          throw nothingSent(error);
        });
      }
      await this.converse(async (conversation, session) => {
        const confirms = this.current.confirmsOnPaper;
        const id = this.processId();
        const blocked = (): PrintBlocker | null => blockerOf(this.current);
        const where = printerAt(this.uri);
        await handOver(conversation, session, this.dialect.job(bytes, confirms ? id : null), {
          where,
          answerMs: this.timing.answerMs,
          stallMs: this.timing.jobStallMs,
          printMs,
          flowPollMs: this.timing.jobPollMs,
          askAgain: () =>
            this.converse((again) => again.readStatus(this.timing.answerMs).then(() => undefined)).then(
              () => true,
              () => false,
            ),
          // A stop the printer reported; not 'silent', which is the monitor's own guess from unanswered requests.
          blocked: () => {
            const blocker = blocked();
            return blocker !== null && blocker !== 'silent';
          },
          unanswered: () => this.unanswered(),
        });
        await this.checkBlocked(conversation, session, blocked());
        try {
          if (await this.watchPrinting(conversation, session, confirms ? id : null, blocked)) outcome = 'printed';
        } catch (error) {
          // The printer took the whole job: going silent or hanging up now does not undo that, and failing the job
          // would have the cashier print it twice. Only a stop it reported holds the job.
          if (error instanceof PrinterBlockedError || !(error instanceof JobError)) throw error;
          if (error instanceof SilentPrinterError) this.unanswered();
        }
      });
      return outcome;
    });
  }

  /**
   * After the printer took a job: waits for its word that the job is on paper (processId, GS ( H) up to confirmMs, or,
   * for models that cannot say, reads the status once more after settleMs; true when confirmed on paper. Throws
   * PrinterBlockedError when the printer reports it stopped meanwhile.
   */
  private async watchPrinting(conversation: StatusConversation, session: PrinterSession, processId: string | null, blocked: () => PrintBlocker | null): Promise<boolean> {
    if (processId === null) {
      await pause(this.timing.settleMs);
      await conversation.readStatus(this.timing.answerMs);
      await this.checkBlocked(conversation, session, blocked());
      return false;
    }
    const deadline = this.now() + this.timing.confirmMs;
    const printed = conversation.processed(processId).then(() => true);
    while (this.now() < deadline) {
      const done = await Promise.race([printed, pause(Math.min(this.timing.jobPollMs, Math.max(0, deadline - this.now()))).then(() => false)]);
      if (done) return true;
      await this.checkBlocked(conversation, session, blocked());
      if (this.now() < deadline) await conversation.readStatus(this.timing.answerMs);
      await this.checkBlocked(conversation, session, blocked());
    }
    return false;
  }

  /**
   * Holds the job when the printer reports it stopped after taking some or all of it. What a stopped printer still
   * holds would print by itself once paper is loaded: models known to confirm on paper (Epson TM) are told to drop it,
   * and only their answer to that counts; for every other printer (no documented clear, or no answer to it) the POS
   * and the window are told part of the ticket may still come out, so the cashier checks before printing it again.
   */
  private async checkBlocked(conversation: StatusConversation, session: PrinterSession, blocker: PrintBlocker | null): Promise<void> {
    if (blocker === null) return;
    const clear = this.dialect.clearBuffers;
    let cleared = false;
    if (this.current.confirmsOnPaper && clear) {
      const answered = conversation.cleared().then(() => true);
      const written = await session.write(clear).then(
        () => true,
        () => false,
      );
      if (written) cleared = await Promise.race([answered, pause(this.timing.answerMs).then(() => false)]);
    }
    throw new PrinterBlockedError(blocker, describe(this.current), !cleared);
  }

  /**
   * Opens a session, runs `work` on it, and keeps the status up to date whatever happens. A TCP session is not waited
   * on to close: what was said on it is settled, a printer that keeps its connection open would hold the result (and
   * the next conversation) for the close's whole bound, and one that takes one connection at a time serves the next
   * once this one is gone. A USB device must be released before the next session claims it. A session that could not
   * be opened (connection refused, device not there) carried nothing: its failure is a NothingSentError.
   */
  private async converse(work: (conversation: StatusConversation, session: PrinterSession) => Promise<void>): Promise<void> {
    const awaitClose = !this.uri.startsWith('tcp://');
    let session: PrinterSession;
    try {
      session = await this.transport.open();
    } catch (error) {
      this.goneSilent();
      throw nothingSent(error);
    }
    const conversation = new StatusConversation(session, this.uri, (reading) => this.heard(reading), this.dialect);
    try {
      await work(conversation, session);
      const closed = session.close();
      if (awaitClose) await closed;
    } catch (error) {
      if (error instanceof SilentPrinterError) this.unanswered();
      session.abort();
      throw error;
    }
  }

  /** Connected but no answer: offline for a printer known to answer; for one that never did, it may not read back. */
  private unanswered(): void {
    if (this.readsBack) {
      this.goneSilent();
      return;
    }
    this.unansweredInARow += 1;
  }

  private heard(reading: StatusReading): void {
    this.unansweredInARow = 0;
    this.publish(applyReading(this.current, reading, this.now()));
  }

  private goneSilent(): void {
    if (this.current.link !== 'silent') this.publish({ ...this.current, link: 'silent' });
  }

  private publish(next: PrinterLiveStatus): void {
    const alerts = alertsBetween(this.current, next);
    const changed = JSON.stringify({ ...next, answeredAt: 0 }) !== JSON.stringify({ ...this.current, answeredAt: 0 });
    this.current = next;
    if (changed || alerts.length > 0) this.emit('status', next, alerts);
  }

  private processId(): string {
    this.nextProcessId = (this.nextProcessId + 1) % 10_000;
    return String(this.nextProcessId).padStart(4, '0');
  }

  /** Runs one conversation at a time; the idle poll waits its turn and restarts its clock after a job. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.busy.then(work, work);
    this.busy = run.catch(() => undefined);
    if (this.timer) this.schedule(this.nextPollMs());
    return run;
  }

  private nextPollMs(): number {
    // A printer that has never answered is asked rarely: it most likely cannot, and each request is a connection.
    if (this.unansweredInARow >= NEVER_ANSWERED_AFTER) return this.timing.idlePollMs * 6;
    return blockerOf(this.current) === null ? this.timing.idlePollMs : Math.min(this.timing.idlePollMs, this.timing.blockedPollMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll()
        .catch(() => undefined)
        .finally(() => this.schedule(this.nextPollMs()));
    }, delayMs);
    this.timer.unref();
  }
}

/** Unanswered requests after which a printer that never answered is polled six times less often. */
const NEVER_ANSWERED_AFTER = 3;

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Every problem the printer reports, in the result texts' words (Spanish / English). */
function describe(status: PrinterLiveStatus): string {
  const parts: string[] = [];
  if (status.paper === 'out') parts.push(BLOCKER_TEXTS['paper-out']);
  if (status.coverOpen) parts.push(BLOCKER_TEXTS['cover-open']);
  if (status.faults.length > 0) parts.push(`${BLOCKER_TEXTS.fault} (${status.faults.join(', ')})`);
  return parts.join('; ');
}
