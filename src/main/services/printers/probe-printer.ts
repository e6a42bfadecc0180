import { JobError } from '../../../shared/job-error';
import type { PrinterProbe, ProbeFinding } from '../../../shared/contract/printer-probe-types';
import { PRINTER_PROFILES } from '../../../shared/printer-profiles/profiles';
import { openTcpSession } from '../../platform/tcp/tcp-session';
import { TCP_FAILURE_REASONS } from '../../platform/tcp/tcp-failure-reasons';
import { ESCPOS_STATUS_DIALECT } from '../printer-status/escpos-status-dialect';
import { STAR_STATUS_DIALECT } from '../printer-status/star-status-dialect';
import { StatusConversation, type StatusDialect } from '../printer-status/status-conversation';
import type { PrinterSession } from './printer-transport';
import { probeHostOf, tcpUriOf } from './probe-address';

export interface ProbeTarget {
  host: string;
  port: number;
  /** The model the owner chose, if any: a Star model is asked in Star's language (DLE EOT would print on it). */
  model?: string | undefined;
}

export interface ProbeTiming {
  /** Bounds the connection: a switched-off printer or a wrong address is "nothing there" after this. */
  connectTimeoutMs: number;
  /** Bounds the status answer: a port that accepted and stays quiet is "open but silent" after this. */
  answerTimeoutMs: number;
}

/** Short enough for a person waiting on a button, long enough for a printer on Wi-Fi. */
export const PROBE_TIMING: ProbeTiming = { connectTimeoutMs: 2_000, answerTimeoutMs: 1_500 };

/**
 * Asks one network address whether a receipt printer is there, with one status round (the monitor's own
 * StatusConversation and dialects): nothing is ever printed, only real-time status requests are sent. One probe at a
 * time per prober — a second one while the first runs answers `busy` — so no page can make the service scan a network.
 */
export class PrinterProber {
  private running = false;

  constructor(private readonly timing: ProbeTiming = PROBE_TIMING) {}

  async probe(target: ProbeTarget): Promise<PrinterProbe> {
    const started = performance.now();
    const host = probeHostOf(target.host);
    const uri = tcpUriOf(host ?? target.host.trim(), target.port);
    const answer = (found: ProbeFinding, reading?: PrinterProbe['reading']): PrinterProbe => ({
      found,
      uri,
      ...(reading ? { reading } : {}),
      elapsedMs: Math.round(performance.now() - started),
    });
    if (host === null) return answer('not-lan');
    if (this.running) return answer('busy');
    this.running = true;
    try {
      let session: PrinterSession;
      try {
        session = await openTcpSession({ host, port: target.port, connectTimeoutMs: this.timing.connectTimeoutMs });
      } catch (error) {
        return answer(connectFailureOf(error));
      }
      try {
        const dialect = dialectFor(target.model);
        const heard = new HeardBytes();
        // Registered before the conversation's own listener, so every byte it reads has been kept here first.
        session.onData((bytes) => heard.keep(bytes));
        const conversation = new StatusConversation(session, `printer at ${host}:${target.port}`, () => undefined, dialect);
        const reading = await conversation.readStatus(this.timing.answerTimeoutMs);
        // A device that answers anything with text (a router's or web server's page) contains bytes that happen to
        // have a status answer's fixed bits: it is believed only if everything it sent is status-shaped.
        if (!onlyStatusAnswers(dialect, heard.bytes())) return answer('answered-not-printer');
        return answer('answered-status', {
          ...(reading.paper ? { paper: reading.paper } : {}),
          ...(reading.coverOpen !== undefined ? { coverOpen: reading.coverOpen } : {}),
          ...(reading.offline !== undefined ? { offline: reading.offline } : {}),
        });
      } catch {
        return answer('port-open-silent');
      } finally {
        // Only status requests were sent: nothing is lost by dropping the connection at once.
        session.abort();
      }
    } finally {
      this.running = false;
    }
  }
}

/** What the device sent during the probe, up to a bound (a receipt printer's answers are a few bytes). */
class HeardBytes {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  keep(bytes: Uint8Array): undefined {
    if (this.length < MAX_HEARD) {
      this.chunks.push(bytes.slice(0, MAX_HEARD - this.length));
      this.length += Math.min(bytes.length, MAX_HEARD - this.length);
    }
    return undefined;
  }

  bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

/** Enough to see that a page of text is not status answers; more would only cost memory. */
const MAX_HEARD = 4_096;

/**
 * Whether every byte heard splits into the dialect's status answers (DLE EOT bytes and ASB blocks with their fixed
 * bits, Star ASB blocks): one byte that is none of them (`other`) means the answers came from something else.
 */
function onlyStatusAnswers(dialect: StatusDialect, heard: Uint8Array): boolean {
  return dialect
    .reader()
    .push(heard)
    .every((reply) => reply.kind !== 'other');
}

/** As the monitor decides (printer-monitors): anything but ESC/POS is a Star language. */
const dialectFor = (model: string | undefined) =>
  (PRINTER_PROFILES.find((profile) => profile.id === model)?.commandSet ?? 'escpos') === 'escpos' ? ESCPOS_STATUS_DIALECT : STAR_STATUS_DIALECT;

/** A refused connection means a computer answered at that address; anything else (timeout, unreachable) is nobody. */
function connectFailureOf(error: unknown): ProbeFinding {
  const refused = TCP_FAILURE_REASONS.ECONNREFUSED as string;
  return error instanceof JobError && error.detail.endsWith(refused) ? 'refused' : 'nothing-there';
}
