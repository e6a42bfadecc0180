import net from 'node:net';
import { PrinterCore } from './printer-core';
import { simulatorApi } from './simulator-api';
import type { SimulatorOptions, TcpPrinterSimulator } from './types';

/**
 * The simulated printer on a raw TCP port (AppSocket / port 9100) on loopback: any number of connections, each read
 * at once into the printer's buffer; a connection the sender half-closes is closed once its data is in and the
 * process ID responses owed to it are sent.
 */
export async function startTcpPrinterSimulator(options: SimulatorOptions = {}): Promise<TcpPrinterSimulator> {
  const core = new PrinterCore(options, { ethernet: true });
  const sockets = new Set<net.Socket>();

  const accept = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    const connection = core.connect({
      isOpen: () => !socket.destroyed && socket.writable,
      send: (bytes) => socket.write(bytes),
      finish: () => socket.end(),
    });
    socket.on('data', (chunk: Buffer) => connection.receive(chunk));
    socket.on('end', () => connection.endOfData());
    socket.on('close', () => {
      sockets.delete(socket);
      connection.closed();
    });
  };

  let server = net.createServer({ allowHalfOpen: true }, accept);
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
      server = net.createServer({ allowHalfOpen: true }, accept);
      server.listen(port, '127.0.0.1');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  });
  return Object.assign(api, { port, uri: `tcp://127.0.0.1:${port}` });
}
