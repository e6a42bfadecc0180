/** Bytes a link delivered that wait outside the printer's full buffer, oldest first (no copies: views on the chunks). */
export class WaitingBytes {
  private readonly chunks: Uint8Array[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.count += chunk.length;
  }

  /** Up to `max` bytes from the front (part of one chunk at most), or null when none wait. */
  take(max: number): Uint8Array | null {
    const chunk = this.chunks[0];
    if (!chunk || max <= 0) return null;
    const part = max >= chunk.length ? chunk : chunk.subarray(0, max);
    if (part === chunk) this.chunks.shift();
    else this.chunks[0] = chunk.subarray(part.length);
    this.count -= part.length;
    return part;
  }

  /** Drops up to `max` from the front (all by default); returns how many. */
  drop(max = Number.POSITIVE_INFINITY): number {
    let dropped = 0;
    for (let part = this.take(max); part; part = this.take(max - dropped)) dropped += part.length;
    return dropped;
  }
}
