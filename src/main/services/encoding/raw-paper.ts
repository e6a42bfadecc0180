import { tokenize } from '../../../shared/escpos/parse-escpos';
import { LINE_DOTS } from './job-budget';

/**
 * About how much paper raw bytes feed, in dot rows: line feeds at the line pitch in force (ESC 2 / ESC 3), ESC d and
 * ESC J feeds, raster images (GS v 0), bar codes at the GS h height, and text lines the printer wraps by itself. Not
 * the preview (QR codes and cuts are left out): enough to stop raw bytes from feeding metres of paper past the limit.
 */
export function rawPaperDots(bytes: Uint8Array, columns: number): number {
  let dots = 0;
  let pitch = LINE_DOTS;
  let barcodeHeight = 162;
  let chars = 0;
  const endLine = (): void => {
    dots += Math.max(pitch, chars > 0 ? 24 : 0);
    chars = 0;
  };
  for (const token of tokenize(bytes)) {
    const n = bytes[token.start + 2] ?? 0;
    if (token.kind === 'text') {
      chars += token.end - token.start;
      // A full line buffer prints without a line feed.
      while (chars > columns) {
        chars -= columns;
        dots += Math.max(pitch, 24);
      }
      continue;
    }
    switch (token.name) {
      case 'LF':
      case 'FF':
        endLine();
        break;
      case 'ESC 2':
        pitch = LINE_DOTS;
        break;
      case 'ESC 3':
        pitch = n;
        break;
      case 'ESC d':
        if (chars > 0) endLine();
        dots += n * pitch;
        break;
      case 'ESC J':
        if (chars > 0) endLine();
        dots += n;
        break;
      case 'ESC @':
        pitch = LINE_DOTS;
        barcodeHeight = 162;
        chars = 0;
        break;
      case 'GS h':
        if (n > 0) barcodeHeight = n;
        break;
      case 'GS k':
        dots += barcodeHeight;
        break;
      case 'GS v 0': {
        const rows = (bytes[token.start + 6] ?? 0) + (bytes[token.start + 7] ?? 0) * 256;
        dots += rows * ((bytes[token.start + 3] ?? 0) & 2 ? 2 : 1);
        break;
      }
    }
  }
  return dots;
}
