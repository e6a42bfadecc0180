import { readImageHeader } from '../image/image-header';
import type { EncoderJob } from './encoder-messages';

/** More commands than any receipt has (a long one has ~100). */
const HEAVY_COMMAND_COUNT = 1_000;
/**
 * Pixels from which a picture is heavy: decoding and dithering take ~15 MB per megapixel. A shop's logo (576×200,
 * 0.1 Mpx) stays on the warm thread and prints without waiting for a process to start; a photo from a phone does not.
 */
const HEAVY_PIXELS = 1_000_000;
/** Base64 text from which a picture is heavy whatever its header says (~750 KB of file). */
const HEAVY_IMAGE_CHARS = 1_000_000;
/** Enough of the text to reach the header: a JPEG's frame size may sit after EXIF and colour-profile segments. */
const HEADER_CHARS = 256 * 1024;

/**
 * Whether a job may keep an encoder busy for long or leave it big: a large document, or a picture of more than a
 * megapixel (by its header) or of more than ~750 KB. Cheap to tell before any work starts: a header needs at most
 * the first 192 KB of the picture decoded. A picture whose header cannot be read counts as heavy, so what refuses it
 * runs apart from the receipts.
 */
export function isHeavyJob(job: EncoderJob): boolean {
  if (job.op !== 'encode') return false;
  const commands = (job.datos as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(commands)) return false;
  return commands.length > HEAVY_COMMAND_COUNT || commands.some(isHeavyPicture);
}

function isHeavyPicture(command: unknown): boolean {
  const { type, data } = (command ?? {}) as { type?: unknown; data?: { image?: unknown } };
  if (type !== 'image') return false;
  const image = data?.image;
  if (typeof image !== 'string' || image.length > HEAVY_IMAGE_CHARS) return true;
  try {
    const start = image.slice(0, HEADER_CHARS).replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
    const { width, height } = readImageHeader(Buffer.from(start.slice(0, start.length - (start.length % 4)), 'base64'));
    return width * height > HEAVY_PIXELS;
  } catch {
    return true;
  }
}
