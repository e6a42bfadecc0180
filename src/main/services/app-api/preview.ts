import { resultTextOf } from '../../../shared/job-error';
import type { Preview, PreviewImage } from '../../../shared/contract/types';

export type DocumentEncoder = (datos: unknown) => Uint8Array | Promise<Uint8Array>;

/** Turns ESC/POS bytes into a picture (the byte-exact renderer of src/shared/escpos, see escpos-rasterizer). */
export type PreviewRasterizer = (bytes: Uint8Array, document: unknown) => PreviewImage | null | Promise<PreviewImage | null>;

export const noRasterizer: PreviewRasterizer = () => null;

/** Encodes exactly as a print job would, so the preview shows the bytes the printer would get. */
export async function renderPreview(document: unknown, encode: DocumentEncoder, rasterize: PreviewRasterizer = noRasterizer): Promise<Preview> {
  let bytes: Uint8Array;
  try {
    bytes = await encode(document);
  } catch (error) {
    return { bytesBase64: '', byteCount: 0, image: null, error: resultTextOf(error) };
  }
  let image: PreviewImage | null = null;
  try {
    image = await rasterize(bytes, document);
  } catch (error) {
    return { bytesBase64: Buffer.from(bytes).toString('base64'), byteCount: bytes.length, image: null, error: resultTextOf(error) };
  }
  return { bytesBase64: Buffer.from(bytes).toString('base64'), byteCount: bytes.length, image, error: null };
}
