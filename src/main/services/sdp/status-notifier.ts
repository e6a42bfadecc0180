import type { HttpAuthenticator } from './http-auth';
import type { PreparedUrl } from './sdp-binding';
import { postForm } from './server-exchange';

export interface StatusNotifierOptions {
  url: PreparedUrl;
  auth: HttpAuthenticator;
  /** The SetStatus form, built when it is sent (the printer's status then). */
  body: () => string;
  intervalMs: number;
  timeoutMs: number;
  signal: AbortSignal;
  onError: (error: unknown) => void;
}

/**
 * Status notification (Epson's SDP manual, "Status Notification"): `ConnectionType=SetStatus&ID=…&Status=<statusmonitor>`
 * posted to its own URL at its own interval, the server answering with an empty 200. Independent of the print
 * requests: a slow status server never delays an order, and a failed notification is simply the next one's job.
 */
export class StatusNotifier {
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: StatusNotifierOptions) {
    options.signal.addEventListener('abort', () => this.wake?.(), { once: true });
  }

  start(): void {
    this.running ??= this.loop();
  }

  async closed(): Promise<void> {
    await this.running;
  }

  private async loop(): Promise<void> {
    const { options } = this;
    while (!options.signal.aborted) {
      const started = Date.now();
      try {
        await postForm({ url: options.url.url, body: options.body(), timeoutMs: options.timeoutMs, maxBodyBytes: 64 * 1024, auth: options.auth, secrets: options.url.secrets, signal: options.signal });
      } catch (error) {
        if (!options.signal.aborted) options.onError(error);
      }
      const wait = Math.max(0, options.intervalMs - (Date.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
