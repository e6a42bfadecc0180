import type { PreviewImage } from '../../../shared/contract/types';
import { previewBytes } from '../encoding/preview-document';
import { rasterToPng } from '../encoding/raster-png';
import type { PreviewRasterizer } from './preview';

/** The byte-exact ESC/POS preview (src/shared/escpos) as a PNG for the designer. */
export const escposRasterizer: PreviewRasterizer = (bytes, document): PreviewImage => {
  const preview = previewBytes(bytes, document);
  return {
    mime: 'image/png',
    base64: rasterToPng(preview).toString('base64'),
    width: preview.width,
    height: preview.height,
    marks: preview.events.map((event) => ({ kind: event.kind, y: event.y, detail: event.detail })),
  };
};
