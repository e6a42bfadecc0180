import { isAsbFirstByte, isAsbOtherByte, isRealTimeByte } from './escpos-status-bits';

/** One answer found in the bytes a printer sends back. */
export type PrinterReply =
  | { kind: 'real-time'; byte: number }
  | { kind: 'asb'; bytes: [number, number, number, number] }
  | { kind: 'process-id'; id: string }
  | { kind: 'buffers-cleared' }
  /** A Star ASB block, Header-1 to its last printer status byte (star-reply-reader.ts). */
  | { kind: 'star-asb'; bytes: number[] }
  | { kind: 'other'; byte: number };

/** Longest answer kept waiting for its end; a block header never followed by its end is dropped after this. */
const MAX_PENDING = 64;

/**
 * Splits what an ESC/POS printer sends back into answers. The printer interleaves them freely (a real-time answer
 * between two ASB blocks, a process ID response while status flows), and a TCP read can end in the middle of one,
 * so an incomplete answer waits for the next chunk. The fixed bits tell a DLE EOT byte from an ASB block; the
 * `37 22` / `37 25` headers mark process ID and clear-buffer responses, whose digits would otherwise look like ASB.
 */
export class ReplyReader {
  private pending: number[] = [];

  push(chunk: Uint8Array): PrinterReply[] {
    for (const byte of chunk) this.pending.push(byte);
    const replies: PrinterReply[] = [];
    let at = 0;
    const bytes = this.pending;
    while (at < bytes.length) {
      const taken = this.answerAt(bytes, at, replies);
      if (taken === 0) break;
      at += taken;
    }
    this.pending = bytes.slice(at);
    if (this.pending.length > MAX_PENDING) {
      for (const byte of this.pending.splice(0, 1)) replies.push({ kind: 'other', byte });
    }
    return replies;
  }

  /** Bytes used by the answer starting at `at` (pushed to `replies`), or 0 when it is not complete yet. */
  private answerAt(bytes: readonly number[], at: number, replies: PrinterReply[]): number {
    const first = bytes[at] as number;
    const left = bytes.length - at;
    if (first === 0x37) {
      if (left < 2) return 0;
      const kind = bytes[at + 1];
      if (kind === 0x22) {
        if (left < 7) return 0;
        if (bytes[at + 6] === 0) {
          replies.push({ kind: 'process-id', id: String.fromCharCode(...bytes.slice(at + 2, at + 6)) });
          return 7;
        }
      } else if (kind === 0x25) {
        if (left < 3) return 0;
        if (bytes[at + 2] === 0) {
          replies.push({ kind: 'buffers-cleared' });
          return 3;
        }
      }
      replies.push({ kind: 'other', byte: first });
      return 1;
    }
    if (isRealTimeByte(first)) {
      replies.push({ kind: 'real-time', byte: first });
      return 1;
    }
    if (isAsbFirstByte(first)) {
      if (left < 4) return 0;
      const block = bytes.slice(at, at + 4) as [number, number, number, number];
      if (block.slice(1).every(isAsbOtherByte)) {
        replies.push({ kind: 'asb', bytes: block });
        return 4;
      }
    }
    replies.push({ kind: 'other', byte: first });
    return 1;
  }
}
