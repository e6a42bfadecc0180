import { paperDotsOf } from '../../../shared/document/paper';
import { renderEscPos, type Preview } from '../../../shared/escpos/render-escpos';

/** The preview of bytes encoded for a document: the paper width comes from its profile. */
export function previewBytes(bytes: Uint8Array, datos: unknown): Preview {
  return renderEscPos(bytes, { width: paperDotsOf(datos) });
}
