import { joined, repeatsFrom, type PrinterReply } from './reply-reader';
import { hasLengthField, isStarHeader1, isStarHeader2, isStarStatusByte, MAX_EXTRA_STATUS, starAsbLength } from './star-status-bits';

/**
 * Splits what a Star printer sends back into ASB blocks. Header-1 gives the block's length, so a block cut by the end
 * of a TCP read waits for the rest; the Ethernet Length field and the status data it announces are consumed with
 * their block. A byte that cannot start a block (or a "block" whose bytes break the fixed bits) is passed on alone.
 * A run of identical blocks with nothing between them, within one chunk, is one reply (as ReplyReader's ASB).
 */
export class StarReplyReader {
  /** The start of a block cut by the end of the last chunk. */
  private pending = new Uint8Array(0);

  push(chunk: Uint8Array): PrinterReply[] {
    const bytes = joined(this.pending, chunk);
    const replies: PrinterReply[] = [];
    let at = 0;
    while (at < bytes.length) {
      const taken = blockAt(bytes, at, replies);
      if (taken === 0) break;
      at += taken;
    }
    // A copy, so the chunk's memory is not kept alive by the few bytes left of it.
    this.pending = bytes.slice(at);
    return replies;
  }
}

/** Bytes used by what starts at `at` (pushed to `replies`), or 0 when a block has started but not arrived whole. */
function blockAt(bytes: Uint8Array, at: number, replies: PrinterReply[]): number {
  const first = bytes[at] as number;
  const left = bytes.length - at;
  if (!isStarHeader1(first)) return other(first, replies);
  const length = starAsbLength(first);
  if (left < 2) return 0;
  if (!isStarHeader2(bytes[at + 1] as number)) return other(first, replies);
  if (left < length) return 0;
  const last = replies[replies.length - 1];
  // The block just read, again (what a flood is made of): its bits were checked then.
  const repeated = last?.kind === 'star-asb' && last.bytes.length === length && sameBytes(bytes, at, last.bytes);
  if (!repeated) for (let index = at + 2; index < at + length; index += 1) if (!isStarStatusByte(bytes[index] as number)) return other(first, replies);
  let taken = length;
  if (hasLengthField(bytes[at + 1] as number)) {
    if (left < length + 2) return 0;
    const extra = ((bytes[at + length] as number) << 8) | (bytes[at + length + 1] as number);
    if (extra > MAX_EXTRA_STATUS) return other(first, replies);
    if (left < length + 2 + extra) return 0;
    taken += 2 + extra;
  }
  // Identical blocks that follow (with the same Length field and data) are skipped at once.
  if (repeated) return taken + repeatsFrom(bytes, at + taken, taken);
  const block: number[] = [];
  for (let index = at; index < at + length; index += 1) block.push(bytes[index] as number);
  replies.push({ kind: 'star-asb', bytes: block });
  return taken;
}

/** Whether `bytes` from `at` start with `block`. */
function sameBytes(bytes: Uint8Array, at: number, block: readonly number[]): boolean {
  for (let index = 0; index < block.length; index += 1) if (bytes[at + index] !== block[index]) return false;
  return true;
}

function other(byte: number, replies: PrinterReply[]): number {
  replies.push({ kind: 'other', byte });
  return 1;
}
