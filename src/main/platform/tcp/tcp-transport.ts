import net from 'node:net';
import { JobError, NothingSentError } from '../../../shared/job-error';
import { CUT_OFF, DEFAULT_STALL_MS, notConfirmed, stalledText } from '../../services/printer-status/job-confirmation';
import { BytesFlow, printAllowanceMs, type Outstanding } from '../../services/printers/bytes-flow';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import { TCP_FAILURE_REASONS } from './tcp-failure-reasons';
import { openTcpSession } from './tcp-session';
import { TCP_STATE, tcpEntryReader, type TcpEntryReader } from './tcp-table';

export interface TcpTransportOptions {
  host: string;
  port: number;
  /**
   * How long the printer has to close in turn once it took every byte, on top of the job's print time (the printer
   * may still hold that much in its buffers): a printer that never closes fails then.
   */
  timeoutMs?: number;
  /** How long the printer may take nothing of the job before it counts as stopped (paper out, pulled cable, hung). */
  stallMs?: number;
  /** Between two readings of what the printer has yet to take. */
  flowPollMs?: number;
  /** Bounds the connection alone, so a powered-off printer fails fast. */
  connectTimeoutMs?: number;
  /** After the printer closed in turn, how long no reset may follow before the job counts as printed. */
  resetGraceMs?: number;
  /**
   * How often the kernel's entry for the connection is read during that grace; by default once, at its end (a reset
   * drops the entry, so a read at the end sees any reset during the grace, and each read costs a pass over the kernel's
   * table: see ProcTableScan).
   */
  pollMs?: number;
  /** The kernel's entry for a connection (Linux: /proc/net/tcp); undefined where the system does not say. */
  entryReader?: (socket: net.Socket) => TcpEntryReader | undefined;
}

/**
 * Raw TCP ("port 9100") printing for printers that do not answer status (those that do get their jobs over a session,
 * confirmed by a status answer: see PrinterMonitor.deliver). The kernel taking or acknowledging the bytes proves
 * nothing: a printer busy with another connection leaves ours in its accept backlog, whose kernel acknowledges
 * everything while the printer reads nothing. So after the last byte the connection is half-closed and the job counts
 * as printed only when the printer closes its side in turn (the AppSocket convention, what CUPS's socket backend
 * waits for too), and, where the system can tell (Linux), the kernel confirms it was that: our connection is in
 * TIME_WAIT (every byte and our FIN acknowledged before the printer's FIN), and stays there, without a reset, for
 * `resetGraceMs`. Elsewhere (Windows, macOS) the printer's FIN after our last byte left, with no error, is taken.
 *
 * A printer reads a job only as fast as it prints it (a few KB of buffer; TCP's flow control holds the rest here), so
 * there is no fixed deadline: the job is followed by what the kernel still holds of it (BytesFlow) and given time as
 * long as bytes keep moving, then the job's print time plus `timeoutMs` to close in turn once every byte was taken.
 *
 * Anything else fails with PRINTER: a printer that closes first, resets or hangs up is `closed the connection before
 * taking the whole job`; one that takes nothing for `stallMs`, or never closes in turn, is reset, so the rest of the
 * job cannot print late, after the cashier reprinted. A job is never reset while its bytes still move. Only a
 * connection that never opened (refused, unreachable, no connection within the bound) is a NothingSentError: the job's
 * bytes are written once it connects, so any failure after that counts as sent.
 */
export function createTcpTransport(uri: string, options: TcpTransportOptions): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const flowPollMs = options.flowPollMs ?? Math.min(500, Math.max(20, Math.floor(stallMs / 10)));
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs);
  const resetGraceMs = options.resetGraceMs ?? 50;
  const pollMs = options.pollMs ?? resetGraceMs;
  const entryReader = options.entryReader ?? tcpEntryReader;
  const where = `printer at ${options.host}:${options.port}`;
  return {
    uri,
    open: () => openTcpSession({ host: options.host, port: options.port, connectTimeoutMs }),
    send: (job: PrintJobBytes) =>
      new Promise<void>((resolve, reject) => {
        let settled = false;
        let connected = false;
        /** Our last byte and FIN have left: a FIN from the printer from now on may be its answer to ours. */
        let sent = false;
        /** The printer closed in turn; the close is being checked, so the socket closing is expected. */
        let confirming = false;
        let entry: TcpEntryReader | undefined;
        // Half-open: a printer's early FIN must not make Node end our side for us, hiding that it came first.
        const socket = net.createConnection({ host: options.host, port: options.port, allowHalfOpen: true });
        const timers: NodeJS.Timeout[] = [];
        const settle = (error?: string): void => {
          if (settled) return;
          settled = true;
          flow?.stop();
          for (const timer of timers) clearTimeout(timer);
          if (error) {
            // A reset drops whatever the kernel still holds, so a torn job cannot reach the printer after a reprint.
            if (connected && !socket.destroyed) socket.resetAndDestroy();
            else socket.destroy();
            // Not connected: the job's bytes are only written on `connect`, so none of them left.
            reject(connected ? new JobError('PRINTER', `${where} ${error}`) : new NothingSentError('PRINTER', `${where} ${error}`));
            return;
          }
          socket.destroy();
          resolve();
        };
        const printMs = job.printMs ?? printAllowanceMs(job.bytes, 'escpos');
        let flow: BytesFlow | undefined;
        timers.push(
          setTimeout(() => {
            if (!connected) settle(`did not accept a connection within ${connectTimeoutMs} ms`);
          }, connectTimeoutMs),
        );
        /** Until the printer closes in turn: fails a job whose bytes stopped moving, or that was never closed. */
        const watch = (): void => {
          if (settled || confirming || !flow) return;
          if (flow.state === 'stalled') return settle(stalledText(job.bytes.length, stallMs));
          if (!flow.stillComing(timeoutMs)) return settle(notConfirmed(job.bytes.length, timeoutMs + printMs, 'it did not close the connection in turn'));
          timers.push(setTimeout(watch, flowPollMs));
        };
        /** What the printer has yet to take: Node's own buffer, and the kernel's unacknowledged bytes less our FIN. */
        const outstanding = async (): Promise<Outstanding | null> => {
          const queued = socket.writableLength;
          const now = entry ? await entry() : undefined;
          if (now === 'gone') return null;
          if (now === undefined || now.unacknowledged === null) return { queued, inKernel: null };
          return { queued, inKernel: Math.max(0, now.unacknowledged - (sent ? 1 : 0)) };
        };

        /** The printer's FIN came after ours: Linux tells whether it was really in turn and not followed by a reset. */
        const confirmClose = (): void => {
          confirming = true;
          const read = entry;
          if (!read) return; // Nothing to ask: the socket's own close (with or without an error) decides.
          let since: number | undefined;
          const check = (): void => {
            read().then((now) => {
              if (settled) return;
              // The table could not be read this once (no file descriptor left): as on systems without one.
              if (now === undefined) return settle();
              // Gone: reset, or closed by the printer before ours (LAST_ACK ends without TIME_WAIT). CLOSE_WAIT,
              // LAST_ACK and CLOSING all mean its FIN was sent before it had our FIN.
              if (now === 'gone' || now.state !== TCP_STATE.timeWait) return settle(CUT_OFF);
              since ??= Date.now();
              if (Date.now() - since >= resetGraceMs) return settle();
              timers.push(setTimeout(check, pollMs));
            }, () => settle(CUT_OFF));
          };
          check();
        };

        socket.setNoDelay(true);
        socket.on('error', (error: NodeJS.ErrnoException) => {
          // Once connected, any error (reset, broken pipe) means the printer dropped the job before confirming it.
          settle(connected ? CUT_OFF : (TCP_FAILURE_REASONS[error.code ?? ''] ?? `failed (${error.code ?? error.message})`));
        });
        socket.once('connect', () => {
          connected = true;
          entry = entryReader(socket);
          // Printers may send status bytes (ESC/POS ASB): reading them keeps the close graceful.
          socket.resume();
          socket.end(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
          flow = new BytesFlow(outstanding, { stallMs, pollMs: flowPollMs, printMs }).start();
          timers.push(setTimeout(watch, flowPollMs));
        });
        socket.once('finish', () => {
          sent = true;
        });
        socket.once('end', () => {
          // A FIN before our last byte even left: the printer closed without reading the job to its end.
          if (!sent) return settle(CUT_OFF);
          confirmClose();
        });
        socket.once('close', (hadError) => {
          if (confirming && !entry && !hadError) settle();
          else if (!confirming) settle(CUT_OFF);
        });
      }),
  };
}
