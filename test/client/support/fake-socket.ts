import type { WebSocketLike } from '../../../clients/js/src/index.mjs';

interface CloseInit {
  code: number;
  reason?: string;
}

/**
 * A WebSocket the test drives by hand: it opens, answers and drops when told to, and keeps what the client sent.
 * Every instance is recorded with the (fake) time it was created, so reconnection delays can be read off.
 */
export class FakeSocket implements WebSocketLike {
  static created: FakeSocket[] = [];
  readonly createdAt = Date.now();
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  closedWith: CloseInit | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: CloseInit) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }

  static reset(): void {
    FakeSocket.created = [];
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.created.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000, reason = ''): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
    this.reply({ tipo: 'info', status: 'connected', mensaje: 'Conectado / Connected' });
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason });
  }

  reply(message: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  tickets(): Array<Record<string, unknown>> {
    return this.sent.filter((frame) => frame['tipo'] === 'ticket');
  }
}
