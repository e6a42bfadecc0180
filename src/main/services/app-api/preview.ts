import { resultTextOf } from '../../../shared/job-error';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
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

/**
 * The document as a printer set to `printerModel` lays it out (see documentProfile): a document naming no specific
 * model gets that one named, so the encoder and the renderer both use it. A document naming its own model is kept.
 */
export function forPrinterModel(document: unknown, printerModel: string | undefined): unknown {
  if (printerModel === undefined || typeof document !== 'object' || document === null) return document;
  const profile = documentProfile(document, printerModel);
  if (profile.id === documentProfile(document, undefined).id) return document;
  const own = (document as { profile?: unknown }).profile;
  return { ...document, profile: { ...(typeof own === 'object' && own !== null ? own : {}), model: profile.id } };
}

/**
 * Encodes exactly as a print job would, so the preview shows the bytes the printer would get: on the model of the
 * printer the ticket goes to when `printerModel` is given (a TM-T88 prints 512 dots where most print 576).
 */
export async function renderPreview(document: unknown, encode: DocumentEncoder, rasterize: PreviewRasterizer = noRasterizer, printerModel?: string): Promise<Preview> {
  document = forPrinterModel(document, printerModel);
  let encoded: EncodedDocument;
  try {
    encoded = await encode(document);
  } catch (error) {
    return { bytesBase64: '', image: null, error: resultTextOf(error) };
  }
  const { bytes, blockStarts } = encoded;
  let image: PreviewImage | null = null;
  try {
    image = await rasterize(bytes, document, blockStarts);
  } catch (error) {
    return { bytesBase64: Buffer.from(bytes).toString('base64'), image: null, error: resultTextOf(error) };
  }
  return { bytesBase64: Buffer.from(bytes).toString('base64'), image, error: null };
}
