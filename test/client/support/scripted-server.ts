import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type Frame = Record<string, unknown>;
/** Sends one frame: an object as JSON, a string as it is (for frames that are not JSON, or not what they claim). */
export type Reply = (message: Frame | string) => void;

export interface ScriptedServer {
  url: string;
  /** Every frame the clients sent, parsed. */
  received: Frame[];
  close(): Promise<void>;
}

/**
 * A stand-in for Ticketera on 127.0.0.1 that answers each frame as the test says: it greets like the service
 * (`info`) and hands every frame a client sends to `onFrame` with a way to reply on that connection.
 */
export async function startScriptedServer(onFrame: (frame: Frame, reply: Reply) => void): Promise<ScriptedServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const received: Frame[] = [];
  const sockets = new Set<WebSocket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const reply: Reply = (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    reply({ tipo: 'info', status: 'connected', mensaje: 'Conectado / Connected' });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      received.push(frame);
      onFrame(frame, reply);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    received,
    close: () => {
      for (const socket of sockets) socket.terminate();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The service's `ack` for a ticket frame. */
export const ackFor = (frame: Frame): Frame => ({ tipo: 'ack', id: frame['id'], status: 'queued', current: 1, capacity: 100, mensaje: 'Queue: 1/100' });

/** The service's successful `result` for a ticket frame. */
export const successFor = (frame: Frame): Frame => ({ tipo: 'result', id: frame['id'], status: 'success', mensaje: 'Print completed in 5ms' });
