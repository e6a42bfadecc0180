import fs from 'node:fs';

/**
 * What the journal's write-ahead log holds, read before SQLite opens it. SQLite silently ignores a WAL whose header
 * is damaged and stops at the first bad frame, which would drop acknowledged tickets without a word; reading the
 * file ourselves first lets the service say so, and tell lost commits apart from writes that were never committed.
 */
export type WalInspection =
  | { state: 'absent' }
  | { state: 'intact'; committedFrames: number; uncommittedFrames: number }
  | {
      state: 'damaged';
      /** Why the log cannot be read in full, for the person reading /health or the window. */
      reason: string;
      /** Byte offset where the readable log ends. */
      readableBytes: number;
      /**
       * `yes`: a committed (so acknowledged) transaction lies beyond the damage. `no`: only writes that were never
       * committed (never acknowledged) are lost. `unknown`: the damage hides whether anything committed was there.
       */
      acknowledgedLost: 'yes' | 'no' | 'unknown';
    };

const HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAGIC_LITTLE_ENDIAN = 0x377f0682;
const MAGIC_BIG_ENDIAN = 0x377f0683;

/** SQLite's WAL checksum (two 32-bit running sums over pairs of words), continuing from `seed`. */
function checksum(data: Buffer, bigEndian: boolean, seed: readonly [number, number]): [number, number] {
  let [s0, s1] = seed;
  for (let at = 0; at + 8 <= data.length; at += 8) {
    const x0 = bigEndian ? data.readUInt32BE(at) : data.readUInt32LE(at);
    const x1 = bigEndian ? data.readUInt32BE(at + 4) : data.readUInt32LE(at + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

export function inspectWal(file: string): WalInspection {
  let wal: Buffer;
  try {
    wal = fs.readFileSync(file);
  } catch {
    return { state: 'absent' };
  }
  if (wal.length === 0) return { state: 'absent' };
  const damaged = (reason: string, readableBytes: number, acknowledgedLost: 'yes' | 'no' | 'unknown'): WalInspection => ({
    state: 'damaged',
    reason,
    readableBytes,
    acknowledgedLost,
  });
  if (wal.length < HEADER_BYTES) return damaged(`it is cut short (${wal.length} bytes, less than its header)`, 0, 'unknown');

  const magic = wal.readUInt32BE(0);
  const pageSize = wal.readUInt32BE(8);
  const bigEndian = magic === MAGIC_BIG_ENDIAN;
  const headerSums = checksum(wal.subarray(0, 24), bigEndian, [0, 0]);
  const headerOk =
    (magic === MAGIC_LITTLE_ENDIAN || bigEndian) &&
    pageSize >= 512 &&
    pageSize <= 65_536 &&
    (pageSize & (pageSize - 1)) === 0 &&
    headerSums[0] === wal.readUInt32BE(24) &&
    headerSums[1] === wal.readUInt32BE(28);
  if (!headerOk) {
    const blank = wal.every((byte) => byte === 0);
    return damaged(blank ? 'its header was zeroed' : 'its header is unreadable', 0, 'unknown');
  }

  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const frameBytes = FRAME_HEADER_BYTES + pageSize;
  let sums = headerSums;
  let offset = HEADER_BYTES;
  let validFrames = 0;
  let committedFrames = 0;
  while (offset + frameBytes <= wal.length) {
    const frame = wal.subarray(offset, offset + frameBytes);
    // Frames from before the last checkpoint carry other salts: the current log ends where they begin.
    if (frame.readUInt32BE(8) !== salt1 || frame.readUInt32BE(12) !== salt2) {
      return { state: 'intact', committedFrames, uncommittedFrames: validFrames - committedFrames };
    }
    const next = checksum(frame.subarray(FRAME_HEADER_BYTES), bigEndian, checksum(frame.subarray(0, 8), bigEndian, sums));
    if (next[0] !== frame.readUInt32BE(16) || next[1] !== frame.readUInt32BE(20)) {
      return damaged(`a record at byte ${offset} is corrupted`, offset, commitBeyond(wal, offset, frameBytes, salt1, salt2) ? 'yes' : 'no');
    }
    sums = next;
    validFrames += 1;
    if (frame.readUInt32BE(4) !== 0) committedFrames = validFrames;
    offset += frameBytes;
  }
  if (offset < wal.length) {
    // A partial frame: the file was cut. Its header, when present, says whether it closed a transaction.
    const rest = wal.subarray(offset);
    const ours = rest.length >= 16 && rest.readUInt32BE(8) === salt1 && rest.readUInt32BE(12) === salt2;
    if (ours || rest.some((byte) => byte !== 0)) {
      const lost = ours && rest.readUInt32BE(4) !== 0 ? 'yes' : 'unknown';
      return damaged(`it is cut short at byte ${wal.length}, inside a record`, offset, lost);
    }
  }
  return { state: 'intact', committedFrames, uncommittedFrames: validFrames - committedFrames };
}

/** Whether a frame of the current log at or after `from` closed a transaction (its commit field is set). */
function commitBeyond(wal: Buffer, from: number, frameBytes: number, salt1: number, salt2: number): boolean {
  for (let offset = from; offset + FRAME_HEADER_BYTES <= wal.length; offset += frameBytes) {
    if (wal.readUInt32BE(offset + 8) !== salt1 || wal.readUInt32BE(offset + 12) !== salt2) return false;
    if (wal.readUInt32BE(offset + 4) !== 0) return true;
  }
  return false;
}
