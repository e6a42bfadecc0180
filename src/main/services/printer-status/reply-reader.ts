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

/** A status block a printer volunteers (ESC/POS or Star ASB): the kinds a newer one of supersedes. */
export const isStatusBlock = (reply: PrinterReply): reply is Extract<PrinterReply, { kind: 'asb' | 'star-asb' }> => reply.kind === 'asb' || reply.kind === 'star-asb';

/** Whether two replies are the same status block, byte for byte. */
export function sameStatusBlock(a: PrinterReply | null, b: PrinterReply | null): boolean {
  if (!a || !b || !isStatusBlock(a) || !isStatusBlock(b) || a.kind !== b.kind || a.bytes.length !== b.bytes.length) return false;
  return a.bytes.every((byte, index) => byte === b.bytes[index]);
}

/** `pending` then `chunk` as one array (a copy only when an answer was cut by the last chunk's end). */
export function joined(pending: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (pending.length === 0) return chunk;
  const bytes = new Uint8Array(pending.length + chunk.length);
  bytes.set(pending);
  bytes.set(chunk, pending.length);
  return bytes;
}

/**
 * How many bytes from `from` on repeat the `period` bytes before them, in whole periods: the rest of a run of identical
 * blocks, measured by native comparisons over doubling then halving spans, so a slice of flood costs a few
 * comparisons instead of a step per block.
 */
export function repeatsFrom(bytes: Uint8Array, from: number, period: number): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (length: number): boolean => from + length <= view.length && view.compare(view, from - period, from - period + length, from, from + length) === 0;
  let length = 0;
  let step = period;
  while (fits(length + step)) {
    length += step;
    step *= 2;
  }
  while (step > period) {
    step /= 2;
    if (fits(length + step)) length += step;
  }
  return length;
}

/**
 * Splits what an ESC/POS printer sends back into answers. The printer interleaves them freely (a real-time answer
 * between two ASB blocks, a process ID response while status flows), and a TCP read can end in the middle of one,
 * so an incomplete answer waits for the next chunk. The fixed bits tell a DLE EOT byte from an ASB block; the
 * `37 22` / `37 25` headers mark process ID and clear-buffer responses, whose digits would otherwise look like ASB.
 *
 * A run of identical ASB blocks with nothing between them, within one chunk, is one reply: a printer repeating its
 * status says nothing new, and a device sending ASB nonstop (10–100 MB/s) would otherwise cost an object every 4 bytes.
 */
export class ReplyReader {
  /** The start of an answer cut by the end of the last chunk: a few bytes at most. */
  private pending = new Uint8Array(0);

  push(chunk: Uint8Array): PrinterReply[] {
    const bytes = joined(this.pending, chunk);
    const replies: PrinterReply[] = [];
    let at = 0;
    while (at < bytes.length) {
      const taken = this.answerAt(bytes, at, replies);
      if (taken === 0) break;
      at += taken;
    }
    // A copy, so the chunk's memory is not kept alive by the few bytes left of it.
    this.pending = bytes.slice(at);
    if (this.pending.length > MAX_PENDING) {
      replies.push({ kind: 'other', byte: this.pending[0] as number });
      this.pending = this.pending.slice(1);
    }
    return replies;
  }

  /** Bytes used by the answer starting at `at` (pushed to `replies`), or 0 when it is not complete yet. */
  private answerAt(bytes: Uint8Array, at: number, replies: PrinterReply[]): number {
    const first = bytes[at] as number;
    const left = bytes.length - at;
    const last = replies[replies.length - 1];
    // The block just read, again, and however many more follow: checked first, since it is what a flood is made of.
    if (last?.kind === 'asb' && left >= 4 && first === last.bytes[0] && bytes[at + 1] === last.bytes[1] && bytes[at + 2] === last.bytes[2] && bytes[at + 3] === last.bytes[3]) {
      return 4 + repeatsFrom(bytes, at + 4, 4);
    }
    if (first === 0x37) {
      if (left < 2) return 0;
      const kind = bytes[at + 1];
      if (kind === 0x22) {
        if (left < 7) return 0;
        if (bytes[at + 6] === 0) {
          replies.push({ kind: 'process-id', id: String.fromCharCode(...bytes.subarray(at + 2, at + 6)) });
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
      const second = bytes[at + 1] as number;
      const third = bytes[at + 2] as number;
      const fourth = bytes[at + 3] as number;
      if (isAsbOtherByte(second) && isAsbOtherByte(third) && isAsbOtherByte(fourth)) {
        replies.push({ kind: 'asb', bytes: [first, second, third, fourth] });
        return 4;
      }
    }
    replies.push({ kind: 'other', byte: first });
    return 1;
  }
}
