import net from 'node:net';
import { JobError } from '../../../shared/job-error';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import { unacknowledgedBytes } from './send-queue';
import { TCP_FAILURE_REASONS } from './tcp-failure-reasons';
import { openTcpSession } from './tcp-session';

export interface TcpTransportOptions {
  host: string;
  port: number;
  /** Bounds the whole delivery: connect, write, and the printer confirming it took the job. */
  timeoutMs?: number;
  /** Bounds the connection alone, so a powered-off printer fails fast. */
  connectTimeoutMs?: number;
  /**
   * A printer that keeps the connection open after the job (instead of closing it) counts as having taken the job
   * once its TCP stack acknowledged every byte and the connection then stayed up, without a reset, this long.
   */
  settleMs?: number;
  /** How often the acknowledged count is read while waiting for such a printer. */
  pollMs?: number;
  /** Bytes the printer has not acknowledged yet (Linux: /proc/net/tcp); undefined where the system cannot say. */
  unacknowledged?: (socket: net.Socket) => Promise<number | undefined>;
}

/**
 * Raw TCP ("port 9100") printing. Handing the bytes to the kernel proves nothing (it accepts megabytes for a printer
 * that never reads), so after the last byte the connection is half-closed and the job counts as printed only when
 * the printer confirms it took everything:
 *
 * - it closes its side in turn (FIN after our FIN, no reset): the AppSocket convention, what CUPS's socket backend
 *   waits for too; or
 * - it keeps the connection open, but its TCP stack acknowledged every byte and our FIN, and the connection stays up
 *   for `settleMs` without a reset: the bytes are in the printer's own memory. Where the system cannot tell what was
 *   acknowledged (Windows, macOS), the connection staying up for `settleMs` after the last byte left is taken instead.
 *
 * A reset, a printer that hangs up before the last byte, or one that does not confirm within the timeout fails
 * with PRINTER; the connection is then reset so the rest of a torn job never prints late.
 */
export function createTcpTransport(uri: string, options: TcpTransportOptions): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs);
  const settleMs = options.settleMs ?? 500;
  const pollMs = options.pollMs ?? 25;
  const unacknowledged = options.unacknowledged ?? unacknowledgedBytes;
  const where = `printer at ${options.host}:${options.port}`;
  return {
    uri,
    open: () => openTcpSession({ host: options.host, port: options.port, connectTimeoutMs }),
    send: (job: PrintJobBytes) =>
      new Promise<void>((resolve, reject) => {
        let settled = false;
        let connected = false;
        let written = false;
        let peerEnded = false;
        const socket = net.createConnection({ host: options.host, port: options.port });
        const timers: NodeJS.Timeout[] = [];
        const settle = (error?: string): void => {
          if (settled) return;
          settled = true;
          for (const timer of timers) clearTimeout(timer);
          if (error) {
            // A reset drops whatever the kernel still holds, so a torn job cannot reach the printer after a reprint.
            if (connected && !socket.destroyed) socket.resetAndDestroy();
            else socket.destroy();
            reject(new JobError('PRINTER', `${where} ${error}`));
            return;
          }
          socket.destroy();
          resolve();
        };
        timers.push(
          setTimeout(() => {
            if (!connected) settle(`did not accept a connection within ${connectTimeoutMs} ms`);
          }, connectTimeoutMs),
          setTimeout(() => settle(`did not take the whole job (${job.bytes.length} bytes) within ${timeoutMs} ms`), timeoutMs),
        );

        /** After the last byte: polls until every byte is acknowledged and the connection stayed up `settleMs`. */
        const confirm = (): void => {
          let quietSince: number | undefined;
          const check = (): void => {
            if (settled) return;
            unacknowledged(socket).then(
              (left) => {
                if (settled) return;
                if (left === undefined || left === 0) {
                  quietSince ??= Date.now();
                  if (Date.now() - quietSince >= settleMs) return settle();
                } else {
                  quietSince = undefined;
                }
                timers.push(setTimeout(check, pollMs));
              },
              () => timers.push(setTimeout(check, pollMs)),
            );
          };
          // A printer that closes in turn usually does so within this first interval: no need to ask the system.
          timers.push(setTimeout(check, pollMs));
        };

        socket.setNoDelay(true);
        socket.on('error', (error: NodeJS.ErrnoException) => {
          settle(TCP_FAILURE_REASONS[error.code ?? ''] ?? `failed (${error.code ?? error.message})`);
        });
        socket.once('end', () => {
          peerEnded = true;
          if (!written) settle('closed the connection before taking the whole job');
        });
        socket.once('close', (hadError) => {
          if (written && peerEnded && !hadError) settle();
          else settle('closed the connection before the job was sent');
        });
        socket.once('connect', () => {
          connected = true;
          // Printers answer with status bytes (ESC/POS ASB); reading them keeps the close graceful.
          socket.resume();
          socket.end(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
        });
        socket.once('finish', () => {
          written = true;
          if (!peerEnded) confirm();
        });
      }),
  };
}
