import WebSocket from 'ws';
import type { ResultMessage, ServerMessage } from '../src/shared/protocol';

/** One WebSocket to the service that sends tickets and hands each `result` to whoever waits for that ticket's id. */
export interface TicketClient {
  /** Sends a ticket; resolves with its `result` (success or error) once the service sends it. */
  print(id: string, datos: object): Promise<ResultMessage>;
  /** `performance.now()` when ticket `id`'s `ack` arrived, if it did. */
  ackedAt(id: string): number | undefined;
  /** Resolves with `performance.now()` when ticket `id` (sent with print()) is acknowledged. */
  acked(id: string): Promise<number>;
  close(): void;
}

/** A ticket's `result`, or an `error` refusing it (queue full, invalid ticket): either way the ticket is done. */
function outcomeOf(message: ServerMessage): ResultMessage | undefined {
  if (message.tipo === 'result') return message;
  if (message.tipo === 'error' && message.id !== undefined) return { tipo: 'result', id: message.id, status: 'error', mensaje: message.mensaje };
  return undefined;
}

export async function connectTicketClient(url: string): Promise<TicketClient> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  const waiting = new Map<string, (result: ResultMessage) => void>();
  const acks = new Map<string, number>();
  const ackWaiting = new Map<string, (at: number) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    if (message.tipo === 'ack') {
      const at = performance.now();
      acks.set(message.id, at);
      ackWaiting.get(message.id)?.(at);
      ackWaiting.delete(message.id);
    }
    const outcome = outcomeOf(message);
    if (!outcome) return;
    waiting.get(outcome.id)?.(outcome);
    waiting.delete(outcome.id);
  });
  // A dropped connection fails what was waiting instead of leaving the bench hanging.
  socket.once('close', () => {
    for (const [id, resolve] of waiting) resolve({ tipo: 'result', id, status: 'error', mensaje: 'bench: connection to the service closed' });
    waiting.clear();
  });
  return {
    print: (id, datos) =>
      new Promise<ResultMessage>((resolve) => {
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ tipo: 'ticket', id, datos }));
      }),
    ackedAt: (id) => acks.get(id),
    acked: (id) =>
      new Promise<number>((resolve) => {
        const at = acks.get(id);
        if (at === undefined) ackWaiting.set(id, resolve);
        else resolve(at);
      }),
    close: () => socket.terminate(),
  };
}
