import WebSocket from 'ws';
import type { ServerMessage } from '../../src/shared/protocol';

/** A POS-like client: records every server message and waits for the ones a test expects. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<() => void> = [];
  closeCode: number | undefined;
  closeReason = '';

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = String(reason);
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new TestClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first message (from `from` on) matching `match`. */
  async next<T extends ServerMessage['tipo']>(
    tipo: T,
    match: (message: Extract<ServerMessage, { tipo: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Extract<ServerMessage, { tipo: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(
        (message): message is Extract<ServerMessage, { tipo: T }> =>
          message.tipo === tipo && match(message as Extract<ServerMessage, { tipo: T }>),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${tipo} message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await this.waitAny(left);
    }
  }

  /** Waits until at least `count` messages arrived in total. */
  count(count: number, timeoutMs = 10_000): Promise<ServerMessage[]> {
    return this.until(() => this.messages.length >= count, `${count} messages`, timeoutMs);
  }

  /** Waits until `ready()` holds over the messages received so far. */
  async until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<ServerMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms (${this.messages.length} messages)`);
      await this.waitAny(left);
    }
    return this.messages;
  }

  async closed(timeoutMs = 5_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === undefined) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('connection did not close');
      await this.waitAny(left);
    }
    return this.closeCode;
  }

  close(): void {
    this.socket.close();
  }

  private waitAny(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
