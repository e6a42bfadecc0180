import type { PrinterConnection } from './printer-link';

/**
 * A USB printer's bulk OUT endpoint in front of its receive buffer: transfers go through in the order they were
 * submitted, and each completes once all its bytes are in the buffer; while the buffer is full the device NAKs, so
 * a transfer waits until the mechanism makes room, or its timeout cancels it (libusb's bulk transfer semantics).
 */
export class BulkOut {
  /** Bytes of every transfer so far, in stream order. */
  private fed = 0;
  /** Transfers waiting for room: each looks again, or (`cancel`) ends its wait now. */
  private readonly waiters = new Set<(cancel: boolean) => void>();

  constructor(private readonly connection: PrinterConnection) {}

  /** The printer read bytes in (or the link is gone): transfers waiting look again. */
  progressed(): void {
    for (const check of this.waiters) check(false);
  }

  /** Every waiting transfer ends now as if it timed out (the simulator closes). */
  cancel(): void {
    for (const check of this.waiters) check(true);
  }

  /**
   * Sends `data` and resolves with how many of its bytes went in: all of them, or on timeout (0: none, as libusb)
   * what was in by then, the rest never sent. Transfers on one endpoint time out in turn, so a timed-out transfer's
   * unsent bytes are the first that wait.
   */
  async transfer(data: Uint8Array, timeoutMs: number): Promise<number> {
    this.connection.receive(new Uint8Array(data));
    this.fed += data.length;
    const end = this.fed;
    // Stream bytes that are in the buffer (or were dropped by a transfer that timed out before).
    const through = (): number => this.fed - this.connection.waiting();
    if (through() < end) await this.until(() => through() >= end, timeoutMs);
    const missing = Math.min(data.length, Math.max(0, end - through()));
    if (missing > 0) {
      this.connection.discardWaiting(missing);
      this.progressed();
    }
    return data.length - missing;
  }

  private until(done: () => boolean, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const stop = (): void => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = (cancel: boolean): void => {
        if (cancel || done()) stop();
      };
      const timer = timeoutMs > 0 ? setTimeout(stop, timeoutMs) : null;
      this.waiters.add(check);
    });
  }
}
