import type { PreviewImage } from '../../../shared/contract/types';
import type { PreviewPicture } from '../encoding/preview-document';

/**
 * A rendered preview as the contract sends it to the window. A module of its own: the service's main thread only
 * wraps what an encoder thread rendered, and must not load the renderer (fonts, QR, PNG) to do so.
 */
export function previewImageOf(picture: PreviewPicture): PreviewImage {
  const { png, width, height, marks, blocks } = picture;
  return { mime: 'image/png', base64: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64'), width, height, marks, blocks };
}
