import { JobError } from '../../../shared/job-error';
import type { PrinterSession } from '../printers/printer-transport';
import { decodeAsb, decodeRealTime, type StatusReading } from './escpos-status-bits';
import { FULL_STATUS_REQUEST, REAL_TIME_REQUESTS } from './escpos-status-commands';
import { mergeReadings } from './merge-readings';
import { ReplyReader } from './reply-reader';

/** Thrown when the printer does not answer a status request in time: it is offline, unplugged or hung. */
export class SilentPrinterError extends JobError {
  constructor(where: string, waitedMs: number) {
    super('PRINTER', `${where} did not answer a status request within ${waitedMs} ms (offline, unplugged or hung)`);
  }
}

/**
 * Asks an ESC/POS printer about itself over one session and hears what it volunteers (Automatic Status Back, process
 * ID responses). Status rounds never overlap: the next is asked only once the last was answered in full, so an
 * answer is always matched to its own request; a round left unanswered ends the conversation (a late answer could
 * otherwise be read as the next round's).
 */
export class StatusConversation {
  private readonly reader = new ReplyReader();
  private round: { bytes: number[]; done: (bytes: number[]) => void } | null = null;
  private readonly processIds = new Set<string>();
  private readonly processWaiters = new Map<string, () => void>();
  private broken = false;
  /** When the printer last sent anything (ms, performance clock). */
  private heardAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly session: PrinterSession,
    private readonly where: string,
    /** Called with every status the printer volunteers (ASB) or answers. */
    private readonly onReading: (reading: StatusReading) => void,
  ) {
    session.onData((bytes) => this.heard(bytes));
  }

  /**
   * DLE EOT 1–4 in one write; resolves with what the four answers say together. The printer has `timeoutMs` to
   * answer; one that keeps talking meanwhile (ASB while it digests a long job queued before the request) is given up
   * to `patienceMs` in all, since the request only reaches it once it has taken the bytes in front.
   */
  async readStatus(timeoutMs: number, patienceMs = timeoutMs): Promise<StatusReading> {
    if (this.broken) throw new SilentPrinterError(this.where, timeoutMs);
    const answered = new Promise<number[]>((done) => {
      this.round = { bytes: [], done };
    });
    const asked = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((done) => {
      const check = (): void => {
        const now = performance.now();
        const alive = this.heardAt >= asked && now - asked < patienceMs;
        if (!alive) return done(null);
        timer = setTimeout(check, Math.min(timeoutMs, patienceMs - (now - asked)));
      };
      timer = setTimeout(check, timeoutMs);
    });
    try {
      await this.session.write(FULL_STATUS_REQUEST);
      const bytes = await Promise.race([answered, timedOut, this.session.ended.then(() => null)]);
      if (!bytes) {
        this.broken = true;
        throw new SilentPrinterError(this.where, timeoutMs);
      }
      const reading = mergeReadings(REAL_TIME_REQUESTS.map((n, index) => decodeRealTime(n, bytes[index] ?? 0)));
      this.onReading(reading);
      return reading;
    } finally {
      clearTimeout(timer);
      this.round = null;
    }
  }

  /** Resolves once the printer sent the process ID response `id` (GS ( H): everything before it is on paper. */
  processed(id: string): Promise<void> {
    if (this.processIds.has(id)) return Promise.resolve();
    return new Promise((done) => this.processWaiters.set(id, done));
  }

  private heard(bytes: Uint8Array): void {
    this.heardAt = performance.now();
    for (const reply of this.reader.push(bytes)) {
      switch (reply.kind) {
        case 'real-time':
          if (this.round) {
            this.round.bytes.push(reply.byte);
            if (this.round.bytes.length === REAL_TIME_REQUESTS.length) this.round.done(this.round.bytes);
          }
          break;
        case 'asb':
          this.onReading(decodeAsb(reply.bytes));
          break;
        case 'process-id':
          this.processIds.add(reply.id);
          this.processWaiters.get(reply.id)?.();
          this.processWaiters.delete(reply.id);
          break;
        default:
          break;
      }
    }
  }
}
