import type { PrinterSession } from '../../src/main/services/printers/printer-transport';

/**
 * A printer session that takes every write at once and hears only what the test says the printer sent (`answer`):
 * for status conversations whose replies must come at a moment the test chooses.
 */
export function scriptedSession(): { session: PrinterSession; answer(bytes: ArrayLike<number>): void } {
  const listeners: Array<(bytes: Uint8Array) => unknown> = [];
  return {
    session: {
      write: async () => undefined,
      onData: (listener) => {
        listeners.push(listener);
      },
      ended: new Promise<string>(() => undefined),
      close: async () => undefined,
      abort: () => undefined,
      outstanding: async () => ({ queued: 0, inKernel: 0 }),
    },
    answer: (bytes) => {
      for (const listener of listeners) listener(Uint8Array.from(bytes));
    },
  };
}
