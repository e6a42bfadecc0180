import { paperGeometry } from '../../../shared/document/paper';
import { renderEscPos, type Preview } from '../../../shared/escpos/render-escpos';

/** The preview of bytes encoded for a document: the paper width comes from its profile. */
export function previewBytes(bytes: Uint8Array, datos: unknown): Preview {
  const profile = typeof datos === 'object' && datos !== null ? (datos as { profile?: { paper_width?: unknown } }).profile : undefined;
  const paperWidth = typeof profile?.paper_width === 'number' ? profile.paper_width : undefined;
  return renderEscPos(bytes, { width: paperGeometry(paperWidth).dots });
}
