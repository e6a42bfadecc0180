import zlib from 'node:zlib';

/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * pngjs bounds what it inflates by the IHDR size for ordinary PNGs, but inflates an interlaced one in full: a few
 * hundred KB could expand to gigabytes. This inflates the IDAT data first with the exact size the header allows,
 * and throws when there is more.
 */
export function checkInterlacedInflate(bytes: Uint8Array, width: number, height: number): void {
  const bitsPerPixel = (bytes[24] ?? 8) * (CHANNELS[bytes[25] ?? 0] ?? 4);
  let allowed = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) allowed += passHeight * (1 + Math.ceil((passWidth * bitsPerPixel) / 8));
  }
  try {
    zlib.inflateSync(idatData(bytes), { maxOutputLength: Math.max(1, allowed) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Error(`its data inflates past the ${allowed} bytes its ${width}×${height} header allows`);
    }
    // Corrupt data is pngjs's to report, with its own words.
  }
}

/** The IDAT chunks' data, joined: chunks are length, type, data, CRC after the 8-byte signature. */
function idatData(bytes: Uint8Array): Buffer {
  const parts: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length)));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}
