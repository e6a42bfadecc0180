import net from 'node:net';
import { JobError } from '../../../shared/job-error';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';

export interface TcpTransportOptions {
  host: string;
  port: number;
  /** Bounds the whole delivery: connect, write and drain. */
  timeoutMs?: number;
}

/** Raw TCP ("port 9100") printing: connect, write, wait until the bytes left, close. */
export function createTcpTransport(uri: string, options: TcpTransportOptions): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const where = `${options.host}:${options.port}`;
  return {
    uri,
    send: (job: PrintJobBytes) =>
      new Promise<void>((resolve, reject) => {
        const socket = net.createConnection({ host: options.host, port: options.port });
        const fail = (text: string): void => {
          socket.destroy();
          reject(new JobError('PRINTER', text));
        };
        const timer = setTimeout(() => fail(`printer at ${where} did not accept the job within ${timeoutMs} ms`), timeoutMs);
        socket.once('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          fail(`cannot reach printer at ${where} (${error.code ?? error.message})`);
        });
        socket.once('connect', () => {
          socket.end(job.bytes, () => {
            clearTimeout(timer);
            socket.destroy();
            resolve();
          });
        });
      }),
  };
}
