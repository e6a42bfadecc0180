import net from 'node:net';
import { JobError } from '../../../shared/job-error';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';

export interface TcpTransportOptions {
  host: string;
  port: number;
  /** Bounds the whole delivery: connect, write and drain. */
  timeoutMs?: number;
  /** Bounds the connection alone, so a powered-off printer fails fast. */
  connectTimeoutMs?: number;
  /** How long a finished connection waits for the printer to hang up before it is dropped. */
  lingerMs?: number;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection (is it on, and is the port right?)',
  EHOSTUNREACH: 'is unreachable (wrong network or address?)',
  ENETUNREACH: 'is unreachable (no route to that network)',
  ENOTFOUND: 'has a name that does not resolve',
  ECONNRESET: 'dropped the connection while receiving the job',
  EPIPE: 'dropped the connection while receiving the job',
  ETIMEDOUT: 'did not answer',
};

/**
 * Raw TCP ("port 9100") printing. The job counts as delivered when every byte was handed to the network after the
 * printer accepted the connection; a printer that is off, refuses, or stops reading fails with PRINTER in bounded
 * time instead of holding its lane.
 */
export function createTcpTransport(uri: string, options: TcpTransportOptions): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs);
  const lingerMs = options.lingerMs ?? 2_000;
  const where = `printer at ${options.host}:${options.port}`;
  return {
    uri,
    send: (job: PrintJobBytes) =>
      new Promise<void>((resolve, reject) => {
        let settled = false;
        let connected = false;
        const socket = net.createConnection({ host: options.host, port: options.port });
        const timers: NodeJS.Timeout[] = [];
        const settle = (error?: string): void => {
          if (settled) return;
          settled = true;
          for (const timer of timers) clearTimeout(timer);
          if (error) {
            socket.destroy();
            reject(new JobError('PRINTER', `${where} ${error}`));
            return;
          }
          // Let the printer read the tail and hang up itself; some drop the last bytes on an abrupt reset.
          setTimeout(() => socket.destroy(), lingerMs).unref();
          resolve();
        };
        timers.push(
          setTimeout(() => {
            if (!connected) settle(`did not accept a connection within ${connectTimeoutMs} ms`);
          }, connectTimeoutMs),
          setTimeout(() => settle(`did not take the whole job (${job.bytes.length} bytes) within ${timeoutMs} ms`), timeoutMs),
        );
        socket.setNoDelay(true);
        socket.on('error', (error: NodeJS.ErrnoException) => {
          settle(REASONS[error.code ?? ''] ?? `failed (${error.code ?? error.message})`);
        });
        socket.once('close', () => settle('closed the connection before the job was sent'));
        socket.once('connect', () => {
          connected = true;
          // Printers answer with status bytes (ESC/POS ASB); reading them keeps the close graceful.
          socket.resume();
          socket.end(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
        });
        socket.once('finish', () => settle());
      }),
  };
}
