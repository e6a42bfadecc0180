import { CLEARS_BUFFERS, DRAWER, POWER_OFF } from './reasons';

/** A real-time command in the exact form a printer acts on. */
interface RealTimeCommand {
  name: string;
  reason: string;
  /** Its bytes, a `[low, high]` pair standing for any byte between them. */
  pattern: ReadonlyArray<number | readonly [number, number]>;
}

/**
 * Epson's reference warns that a DLE DC4 sequence inside graphics (or any other) data is run as a real-time command
 * unless GS ( D turned that off first. So these byte strings are refused anywhere in the data, not only where a
 * command starts. They are 5 and 10 bytes long: random image data holds one about once in 2^36 bytes.
 */
const REAL_TIME: readonly RealTimeCommand[] = [
  { name: 'DLE DC4 1', reason: DRAWER, pattern: [0x10, 0x14, 0x01, [0, 1], [1, 8]] },
  { name: 'DLE DC4 2', reason: POWER_OFF, pattern: [0x10, 0x14, 0x02, 0x01, 0x08] },
  { name: 'DLE DC4 8', reason: CLEARS_BUFFERS, pattern: [0x10, 0x14, 0x08, 0x01, 0x03, 0x14, 0x01, 0x06, 0x02, 0x08] },
];

export interface RealTimeHit {
  name: string;
  reason: string;
  offset: number;
  length: number;
}

const matchesAt = (bytes: Uint8Array, offset: number, pattern: RealTimeCommand['pattern']): boolean =>
  pattern.every((expected, index) => {
    const byte = bytes[offset + index];
    if (byte === undefined) return false;
    return typeof expected === 'number' ? byte === expected : byte >= expected[0] && byte <= expected[1];
  });

/** Every real-time command in `bytes`, at any offset, in order: one pass over the data. */
export function realTimeCommands(bytes: Uint8Array): RealTimeHit[] {
  const hits: RealTimeHit[] = [];
  for (let offset = bytes.indexOf(0x10); offset >= 0; offset = bytes.indexOf(0x10, offset + 1)) {
    const command = REAL_TIME.find(({ pattern }) => matchesAt(bytes, offset, pattern));
    if (command) hits.push({ name: command.name, reason: command.reason, offset, length: command.pattern.length });
  }
  return hits;
}
