/**
 * Most bytes read in one go (one turn of the event loop). A device that floods status (ASB at 10–100 MB/s) must cost
 * the tills nothing: read all at once as it arrived, each poll held the loop that acknowledges tickets 0.2–0.5 s.
 * 8 KiB is under a millisecond of reading however the bytes are made (measured: ~0.01 ms of identical ASB blocks,
 * ~0.3 ms of blocks that all differ, 0.5–0.8 ms of stray bytes that are no answer at all). Read as fast as the loop
 * turns, since an answer waits behind whatever the device sent first: paced to one slice a millisecond, a round
 * behind a 100 MB/s flood took ~550 ms instead of ~2 ms.
 */
export const SLICE_BYTES = 8 * 1024;
/**
 * Unread bytes past which the transport is asked to stop reading (TCP: the socket is paused, and the printer waits
 * in TCP's flow control); reading resumes below half of it. A transport that cannot pause (a USB read loop: 64 bytes
 * a transfer, far slower than any of this) gets its surplus past twice the cap read at once, so memory stays bounded
 * either way.
 */
export const BACKLOG_CAP_BYTES = 128 * 1024;

/**
 * What a printer sent that is not read yet, read in slices of at most SLICE_BYTES, one per turn of the event loop
 * (setImmediate), so WebSocket acks and everything else wait one slice at most. Bytes are never dropped here: which
 * bytes could go without harm is only known once they are read (a process ID response cut in two leaves digits that
 * read as DLE EOT answers), so superseded statuses are dropped by the reader of the slices instead (StatusConversation).
 *
 * Positions count bytes heard since the session opened: `heardBytes` now, and, with each slice, where it ends. A slice
 * never spans two chunks, so every slice lies wholly before or after any position `heardBytes` gave: what was heard
 * before a request was written can be told from what came after it, however long it waited here.
 */
export class HeardBacklog {
  private readonly chunks: Uint8Array[] = [];
  private unread = 0;
  private heard = 0;
  private readTo = 0;
  private scheduled = false;
  private resume: { promise: Promise<void>; done: () => void } | null = null;

  constructor(private readonly read: (slice: Uint8Array, endsAt: number) => void) {}

  /** Bytes heard since the session opened, read or not. */
  get heardBytes(): number {
    return this.heard;
  }

  /**
   * Takes what the printer sent. A chunk with nothing unread in front of it has its first slice read at once (a
   * printer's answer, a few bytes, is heard without delay). Returns a promise while the backlog is over the cap: the
   * transport reads no more until it resolves.
   */
  push(chunk: Uint8Array): Promise<void> | undefined {
    if (chunk.length === 0) return undefined;
    this.heard += chunk.length;
    this.chunks.push(chunk);
    this.unread += chunk.length;
    if (this.unread === chunk.length) this.readSlice();
    while (this.unread > 2 * BACKLOG_CAP_BYTES) this.readSlice();
    this.afterReading();
    if (this.unread <= BACKLOG_CAP_BYTES) return undefined;
    if (!this.resume) {
      let done: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => {
        done = resolve;
      });
      this.resume = { promise, done };
    }
    return this.resume.promise;
  }

  /** Reads everything heard so far now (bounded by the cap): before a round is given up, or once the link ended. */
  readAll(): void {
    while (this.unread > 0) this.readSlice();
    this.afterReading();
  }

  /** Forgets what is unread: nobody can use it any more. */
  clear(): void {
    this.readTo += this.unread;
    this.chunks.length = 0;
    this.unread = 0;
    this.afterReading();
  }

  private readSlice(): void {
    const head = this.chunks[0];
    if (!head) return;
    const slice = head.subarray(0, SLICE_BYTES);
    if (slice.length === head.length) this.chunks.shift();
    else this.chunks[0] = head.subarray(SLICE_BYTES);
    this.unread -= slice.length;
    this.readTo += slice.length;
    this.read(slice, this.readTo);
  }

  private afterReading(): void {
    if (this.resume && this.unread <= BACKLOG_CAP_BYTES / 2) {
      this.resume.done();
      this.resume = null;
    }
    if (this.unread === 0 || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.readSlice();
      this.afterReading();
    });
  }
}
