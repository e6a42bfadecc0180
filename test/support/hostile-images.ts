import zlib from 'node:zlib';

/**
 * Hostile pictures that are small on disk: PNGs whose pixel data is all zeros (black), compressed without ever
 * holding the inflated data in memory, so a 30000×30000 PNG costs the test ~110 KB, not 112 MB.
 */

const CHUNK = 1 << 20;
let flushedZeros: Buffer | undefined;

/** A zlib stream of `count` zero bytes: sync-flushed deflate blocks of 1 MiB repeated, a final block, the Adler-32. */
export function zerosZlib(count: number): Buffer {
  flushedZeros ??= zlib.deflateRawSync(Buffer.alloc(CHUNK), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const whole = Math.floor(count / CHUNK);
  const last = zlib.deflateRawSync(Buffer.alloc(count - whole * CHUNK), { level: 9 });
  // Adler-32 of n zeros: s1 stays 1, s2 adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((count % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: whole }, () => flushedZeros as Buffer), last, adler]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

export interface BlackPngOptions {
  /** Bits per sample: 1 (default) or 8. */
  depth?: 1 | 8;
  interlaced?: boolean;
  /** Zero bytes in IDAT; by default exactly what the header needs (non-interlaced). */
  inflatedBytes?: number;
}

/** A valid greyscale PNG of `width`×`height` black pixels. */
export function blackPng(width: number, height: number, options: BlackPngOptions = {}): Buffer {
  const depth = options.depth ?? 1;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = 0; // greyscale
  ihdr[12] = options.interlaced ? 1 : 0;
  const rowBytes = 1 + Math.ceil((width * depth) / 8);
  const idat = zerosZlib(options.inflatedBytes ?? rowBytes * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A print document with one picture. */
export const imageDoc = (png: Buffer, data: Record<string, unknown> = {}): Record<string, unknown> => ({
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [{ type: 'image', data: { image: png.toString('base64'), ...data } }],
});
