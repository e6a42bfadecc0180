import net from 'node:net';
import { PrinterCore } from './printer-core';
import { simulatorApi } from './simulator-api';
import { fdOf, setReceiveBuffer } from './socket-receive-buffer';
import type { ConnectionFault, TcpPrinterSimulator, TcpPrinterSimulatorOptions } from './types';

/** A flooding device stops topping up once this much waits unsent, as TCP flow control would stop a real one. */
const FLOOD_BACKLOG_LIMIT = 1 << 20;

/**
 * `pause()` alone lets Node go on reading into the stream's own buffer (up to its high-water mark, 64 KB): stopping
 * the handle leaves the bytes in the kernel, whose full receive buffer makes TCP flow control hold the sender.
 */
function stopReading(socket: net.Socket): void {
  socket.pause();
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } | null })._handle;
  if (handle?.reading && handle.readStop) {
    // Node's own flag, so resume() starts reading again.
    handle.reading = false;
    handle.readStop();
  }
}

/**
 * The simulated printer on a raw TCP port (AppSocket / port 9100) on loopback: any number of connections, read into
 * the printer's buffer at once (or, with `bufferBytes`, as it has room, the connection paused meanwhile); a connection
 * the sender half-closes is closed as `closeAfterEof` says (by default once its data is in and the process ID
 * responses owed to it are sent). `misbehave` scripts the connections a real printer can mistreat.
 */
export async function startTcpPrinterSimulator(options: TcpPrinterSimulatorOptions = {}): Promise<TcpPrinterSimulator> {
  const { socketReceiveBufferBytes, ...printerOptions } = options;
  const core = new PrinterCore(printerOptions, { ethernet: true });
  const sockets = new Set<net.Socket>();
  let fault: ConnectionFault | null = null;
  /** Connections a busy printer has not got to yet: nothing read from them, nothing sent. */
  const waiting: net.Socket[] = [];

  /**
   * SO_RCVBUF on the listener once it listens, so the handshake already offers the small window and accepted sockets
   * inherit it; and on each accepted socket too, for one whose handshake came before the listener's was set (a connect
   * in the same tick as plugIn()): its window then shrinks to the small buffer as it is read.
   */
  const sizeReceiveBuffer = (endpoint: net.Server | net.Socket): void => {
    if (socketReceiveBufferBytes !== undefined) setReceiveBuffer(fdOf(endpoint), socketReceiveBufferBytes);
  };

  /** Serves a connection; one that brings more than `resetAfter` bytes is reset once the printer read that many. */
  const serve = (socket: net.Socket, resetAfter = Number.POSITIVE_INFINITY): void => {
    const connection = core.connect({
      isOpen: () => !socket.destroyed && socket.writable,
      send: (bytes) => socket.write(bytes),
      finish: () => socket.end(),
      room: () => FLOOD_BACKLOG_LIMIT - socket.writableLength,
      hold: (held) => (held ? stopReading(socket) : socket.resume()),
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
    sizeReceiveBuffer(socket);
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

  // Paused on connect, so a connection is read only once the printer serves it. With a finite buffer, a high-water
  // mark of 0 so a paused connection's stream never asks for more on its own.
  const flowControl = options.bufferBytes === undefined ? {} : { highWaterMark: 0 };
  const listen = (): net.Server => net.createServer({ allowHalfOpen: true, pauseOnConnect: true, ...flowControl }, accept);
  let server = listen();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sizeReceiveBuffer(server);
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
      // Node listens on the next tick (after its lookup of the address), before a connect made right after plugIn()
      // gets to its own: that connection is accepted.
      const next = listen();
      server = next;
      next.once('listening', () => sizeReceiveBuffer(next));
      next.listen(port, '127.0.0.1');
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
