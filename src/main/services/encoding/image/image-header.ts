/** What a picture's header says, read without decoding a pixel. */
export interface ImageHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** PNG only: Adam7 interlacing, which pngjs inflates without a size bound (see decode-image). */
  interlaced: boolean;
}

const isPng = (bytes: Uint8Array): boolean => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const u16 = (bytes: Uint8Array, at: number): number => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32 = (bytes: Uint8Array, at: number): number => u16(bytes, at) * 65536 + u16(bytes, at + 2);

/**
 * Width and height from the PNG IHDR chunk or the JPEG frame header (SOFn), so a 150 KB file that claims
 * 30000×30000 pixels is refused before decoding allocates gigabytes for it. Throws Error with a readable reason.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (isPng(bytes)) return pngHeader(bytes);
  if (isJpeg(bytes)) return jpegHeader(bytes);
  throw new Error('is neither PNG nor JPEG');
}

function pngHeader(bytes: Uint8Array): ImageHeader {
  // 8-byte signature, then the IHDR chunk: length, "IHDR", width, height, depth, colour type, compression, filter, interlace.
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (bytes.length < 33 || type !== 'IHDR') throw new Error('the PNG does not start with its IHDR header');
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  if (width === 0 || height === 0) throw new Error(`the PNG header says ${width}×${height} pixels`);
  return { format: 'png', width, height, interlaced: bytes[28] === 1 };
}

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the markers that carry the frame size. */
const isFrameMarker = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegHeader(bytes: Uint8Array): ImageHeader {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`the JPEG has no marker at byte ${at}`);
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // image data (or the end) before any frame header
    const length = u16(bytes, at + 2);
    if (isFrameMarker(marker)) {
      if (at + 9 > bytes.length) break;
      // FF Cn, length, precision, height, width.
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      if (width === 0 || height === 0) throw new Error(`the JPEG frame header says ${width}×${height} pixels`);
      return { format: 'jpeg', width, height, interlaced: false };
    }
    if (length < 2) throw new Error(`the JPEG has a segment of length ${length} at byte ${at}`);
    at += 2 + length;
  }
  throw new Error('the JPEG has no frame header (SOF) before its image data');
}
