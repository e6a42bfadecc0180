import { resultTextOf } from '../../../shared/job-error';
import type { Preview, PreviewImage } from '../../../shared/contract/types';

/** A document's bytes and where each of its commands' bytes begin (see encodeDocument's `blockStarts`). */
export interface EncodedDocument {
  bytes: Uint8Array;
  blockStarts: number[];
}

export type DocumentEncoder = (datos: unknown) => EncodedDocument | Promise<EncodedDocument>;

/**
 * Turns ESC/POS bytes into a picture (the byte-exact renderer of src/shared/escpos, see escpos-rasterizer), telling
 * which rows the bytes from each `blockStarts` offset printed.
 */
export type PreviewRasterizer = (bytes: Uint8Array, document: unknown, blockStarts?: number[]) => PreviewImage | null | Promise<PreviewImage | null>;

export const noRasterizer: PreviewRasterizer = () => null;

/** Encodes exactly as a print job would, so the preview shows the bytes the printer would get. */
export async function renderPreview(document: unknown, encode: DocumentEncoder, rasterize: PreviewRasterizer = noRasterizer): Promise<Preview> {
  let encoded: EncodedDocument;
  try {
    encoded = await encode(document);
  } catch (error) {
    return { bytesBase64: '', byteCount: 0, image: null, error: resultTextOf(error) };
  }
  const { bytes, blockStarts } = encoded;
  let image: PreviewImage | null = null;
  try {
    image = await rasterize(bytes, document, blockStarts);
  } catch (error) {
    return { bytesBase64: Buffer.from(bytes).toString('base64'), byteCount: bytes.length, image: null, error: resultTextOf(error) };
  }
  return { bytesBase64: Buffer.from(bytes).toString('base64'), byteCount: bytes.length, image, error: null };
}
