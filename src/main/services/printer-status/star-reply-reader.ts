import type { PrinterReply } from './reply-reader';
import { hasLengthField, isStarHeader1, isStarHeader2, isStarStatusByte, MAX_EXTRA_STATUS, starAsbLength } from './star-status-bits';

/**
 * Splits what a Star printer sends back into ASB blocks. Header-1 gives the block's length, so a block cut by the end
 * of a TCP read waits for the rest; the Ethernet Length field and the status data it announces are consumed with
 * their block. A byte that cannot start a block (or a "block" whose bytes break the fixed bits) is passed on alone.
 */
export class StarReplyReader {
  private pending: number[] = [];

  push(chunk: Uint8Array): PrinterReply[] {
    for (const byte of chunk) this.pending.push(byte);
    const replies: PrinterReply[] = [];
    let at = 0;
    while (at < this.pending.length) {
      const taken = this.blockAt(at, replies);
      if (taken === 0) break;
      at += taken;
    }
    this.pending = this.pending.slice(at);
    return replies;
  }

  /** Bytes used by what starts at `at` (pushed to `replies`), or 0 when a block has started but not arrived whole. */
  private blockAt(at: number, replies: PrinterReply[]): number {
    const bytes = this.pending;
    const first = bytes[at] as number;
    const left = bytes.length - at;
    if (!isStarHeader1(first)) return other(first, replies);
    const length = starAsbLength(first);
    if (left < 2) return 0;
    if (!isStarHeader2(bytes[at + 1] as number)) return other(first, replies);
    if (left < length) return 0;
    const block = bytes.slice(at, at + length);
    if (!block.slice(2).every(isStarStatusByte)) return other(first, replies);
    let taken = length;
    if (hasLengthField(block[1] as number)) {
      if (left < length + 2) return 0;
      const extra = ((bytes[at + length] as number) << 8) | (bytes[at + length + 1] as number);
      if (extra > MAX_EXTRA_STATUS) return other(first, replies);
      if (left < length + 2 + extra) return 0;
      taken += 2 + extra;
    }
    replies.push({ kind: 'star-asb', bytes: block });
    return taken;
  }
}

function other(byte: number, replies: PrinterReply[]): number {
  replies.push({ kind: 'other', byte });
  return 1;
}
