/** What a flood writes to: the latest open link's reply channel, as the printer sees it. */
export interface FloodTarget {
  send(bytes: Uint8Array): void;
  /** How many more bytes it takes now without piling up unread. */
  room(): number;
}

/** Chunks are sent at most this often: small enough for a steady rate, large enough to reach 100 MB/s. */
const TICK_MS = 2;

/**
 * Sends `block` over and over at about `bytesPerSecond` for `ms`: only whole blocks, so every byte the host reads is
 * part of a valid status block. `target` is asked each tick (the latest connection may change); `stopped` ends it
 * early (the simulator closed). What the host does not read in time is never sent, as flow control would stop a real
 * device. Resolves with the bytes sent.
 */
export function flood(
  block: () => Uint8Array,
  target: () => FloodTarget | null,
  bytesPerSecond: number,
  ms: number,
  stopped: () => boolean,
): Promise<number> {
  const start = performance.now();
  let sent = 0;
  return new Promise((resolve) => {
    const tick = (): void => {
      const elapsed = Math.min(performance.now() - start, ms);
      const to = target();
      const status = block();
      if (to && status.length > 0) {
        const due = Math.floor((bytesPerSecond * elapsed) / 1000) - sent;
        const blocks = Math.floor(Math.min(due, to.room()) / status.length);
        if (blocks > 0) {
          // Buffer.alloc repeats a Uint8Array fill: `blocks` copies of the block back to back.
          to.send(Buffer.alloc(blocks * status.length, status));
          sent += blocks * status.length;
        }
      }
      if (elapsed >= ms || stopped()) resolve(sent);
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
}
