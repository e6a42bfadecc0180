import net from 'node:net';
import { JobError, NothingSentError } from '../../../shared/job-error';
import type { PrinterSession } from '../../services/printers/printer-transport';
import { CUT_OFF } from '../../services/printer-status/job-confirmation';
import { TCP_FAILURE_REASONS } from './tcp-failure-reasons';
import { tcpEntryReader } from './tcp-table';

export interface TcpSessionOptions {
  host: string;
  port: number;
  /** Bounds the connection alone, so a powered-off printer is known at once. */
  connectTimeoutMs: number;
  /** Bounds a graceful close (the printer closing its side after ours). */
  closeTimeoutMs?: number;
}

/**
 * A two-way session with a port-9100 printer: what it sends back (status, process ID responses) is read while the
 * session lives. A new connection each time: printers that take one connection at a time stay free for other
 * programs between jobs and status requests, and an answer can only come back to the connection that asked for it.
 * A connection that never opened rejects with NothingSentError: nothing was written on it.
 */
export function openTcpSession(options: TcpSessionOptions): Promise<PrinterSession> {
  const where = `printer at ${options.host}:${options.port}`;
  return new Promise<PrinterSession>((resolve, reject) => {
    const socket = net.createConnection({ host: options.host, port: options.port, allowHalfOpen: true });
    socket.setNoDelay(true);
    const listeners: Array<(bytes: Uint8Array) => Promise<void> | undefined> = [];
    let endedWith: (reason: string) => void = () => undefined;
    const ended = new Promise<string>((done) => {
      endedWith = done;
    });
    let lastError = '';
    const connectTimer = setTimeout(() => {
      socket.destroy();
      reject(new NothingSentError('PRINTER', `${where} did not accept a connection within ${options.connectTimeoutMs} ms`));
    }, options.connectTimeoutMs);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      lastError = TCP_FAILURE_REASONS[error.code ?? ''] ?? `failed (${error.code ?? error.message})`;
      clearTimeout(connectTimer);
      // Only heard before `connect` (a promise settles once): the session never opened.
      reject(new NothingSentError('PRINTER', `${where} ${lastError}`));
    });
    /** Listeners still behind on what they heard: the socket is read no further until none is. */
    let behind = 0;
    socket.on('data', (chunk: Buffer) => {
      const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (const listener of listeners) {
        const caughtUp = listener(bytes);
        if (!caughtUp) continue;
        // A device flooding status waits in TCP's flow control, not in this process's memory.
        behind += 1;
        socket.pause();
        void caughtUp.then(() => {
          behind -= 1;
          if (behind === 0 && !socket.destroyed) socket.resume();
        });
      }
    });
    socket.once('end', () => endedWith('the printer closed the connection'));
    socket.once('close', () => endedWith(lastError || 'closed'));
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      const entry = tcpEntryReader(socket);
      resolve({
        write: (bytes) =>
          new Promise<void>((written, failed) => {
            // A session's writes carry a job or the status request behind it: a connection lost under either
            // means the printer did not take the job (a status-only session's failure is never shown to anyone).
            if (socket.destroyed || socket.writableEnded) {
              failed(new JobError('PRINTER', `${where} ${CUT_OFF}`));
              return;
            }
            socket.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (error) =>
              error ? failed(new JobError('PRINTER', `${where} ${CUT_OFF}`)) : written(),
            );
          }),
        onData: (listener) => {
          listeners.push(listener);
        },
        ended,
        close: async () => {
          if (socket.destroyed) return;
          socket.end();
          const timer = setTimeout(() => socket.destroy(), options.closeTimeoutMs ?? 1_000);
          await ended;
          clearTimeout(timer);
          socket.destroy();
        },
        abort: () => {
          if (!socket.destroyed) socket.resetAndDestroy();
        },
        outstanding: async () => {
          const queued = socket.writableLength;
          const now = entry ? await entry() : undefined;
          if (now === 'gone') return null;
          return { queued, inKernel: now === undefined ? null : now.unacknowledged };
        },
      });
    });
  });
}
