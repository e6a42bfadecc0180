import net from 'node:net';
import { PrinterCore } from './printer-core';
import { simulatorApi } from './simulator-api';
import type { ConnectionFault, SimulatorOptions, TcpPrinterSimulator } from './types';

/**
 * The simulated printer on a raw TCP port (AppSocket / port 9100) on loopback: any number of connections, each read
 * at once into the printer's buffer; a connection the sender half-closes is closed once its data is in and the
 * process ID responses owed to it are sent. `misbehave` scripts the connections a real printer can mistreat.
 */
export async function startTcpPrinterSimulator(options: SimulatorOptions = {}): Promise<TcpPrinterSimulator> {
  const core = new PrinterCore(options, { ethernet: true });
  const sockets = new Set<net.Socket>();
  let fault: ConnectionFault | null = null;
  /** Connections a busy printer has not got to yet: nothing read from them, nothing sent. */
  const waiting: net.Socket[] = [];

  /** Serves a connection; one that brings more than `resetAfter` bytes is reset once the printer read that many. */
  const serve = (socket: net.Socket, resetAfter = Number.POSITIVE_INFINITY): void => {
    const connection = core.connect({
      isOpen: () => !socket.destroyed && socket.writable,
      send: (bytes) => socket.write(bytes),
      finish: () => socket.end(),
    });
    let left = resetAfter;
    socket.on('data', (chunk: Buffer) => {
      if (chunk.length < left) {
        left -= chunk.length;
        connection.receive(chunk);
        return;
      }
      connection.receive(chunk.subarray(0, left));
      left = 0;
      // SO_LINGER 0: a reset whatever is left unread, as a printer that crashes or loses power mid-job.
      socket.resetAndDestroy();
    });
    socket.on('end', () => connection.endOfData());
    socket.on('close', () => connection.closed());
    socket.resume();
  };

  const accept = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    switch (fault?.kind) {
      case undefined:
        return serve(socket);
      case 'closes-at-once':
        socket.destroy();
        return;
      case 'resets-after':
        return serve(socket, fault.bytes);
      case 'busy':
        waiting.push(socket);
        return;
    }
  };

  // Paused on connect, so a connection is read only once the printer serves it.
  const listen = (): net.Server => net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, accept);
  let server = listen();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const unplug = (): void => {
    // Closing the listener makes new connections fail with ECONNREFUSED; existing ones are reset.
    server.close();
    for (const socket of sockets) socket.resetAndDestroy();
  };

  const api = simulatorApi(core, {
    unplug,
    plugIn: () => {
      if (server.listening) return;
      // Listening on an IP address binds synchronously, so a connection right after plugIn() is accepted.
      server = listen();
      server.listen(port, '127.0.0.1');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  });
  const misbehave = (next: ConnectionFault | null): void => {
    fault = next;
    // The other till is done: the printer gets to what waited (a sender's reset may not have reached it in time).
    if (next === null) for (const socket of waiting.splice(0)) if (!socket.destroyed) serve(socket);
  };
  return Object.assign(api, { port, uri: `tcp://127.0.0.1:${port}`, misbehave });
}
