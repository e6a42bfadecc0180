import { DOTS_PER_MM } from '../document/job-limits';
import { nextToken } from './parse-escpos';

/**
 * How much paper a job's bytes move, in millimetres, without drawing anything: what a printer's mechanism must do
 * before the job is out, so delivery can give a long receipt the time it needs and no more (a printer reads a job
 * only as fast as it prints it: its buffer is a few KB). An estimate that errs long: each line is as tall as the
 * tallest text mode set on it could make it, symbols get their usual size.
 */
export function paperMmOf(bytes: Uint8Array, commandSet: 'escpos' | 'star-line' | 'starprnt'): number {
  return commandSet === 'escpos' ? escPosPaperDots(bytes) / DOTS_PER_MM : starPaperMm(bytes);
}

/** ESC/POS's default line spacing, 1/6 inch, in the 203-dpi dots the head prints. */
const DEFAULT_LINE_DOTS = 34;
/** Font A's characters across an 80 mm roll: longer runs wrap. */
const WRAP_CHARS = 48;
/** Font A's character height. */
const CHAR_DOTS = 24;
/** A bar code's default height (GS h) plus its human-readable line. */
const DEFAULT_BARCODE_DOTS = 162 + CHAR_DOTS;
/** A QR code or PDF417 printed by GS ( k: the size is in its data; this is a large one (a 57-module QR at 6 dots). */
const SYMBOL_DOTS = 350;

function escPosPaperDots(bytes: Uint8Array): number {
  let dots = 0;
  let spacing = DEFAULT_LINE_DOTS;
  let heightScale = 1;
  let barcodeDots = DEFAULT_BARCODE_DOTS;
  /** The tallest the current line has been set to: a line is as tall as its tallest character or its spacing. */
  let lineDots = 0;
  /** Characters since the last line feed: a printer wraps a line longer than the roll onto the next. */
  let chars = 0;
  const line = (): number => Math.max(spacing, lineDots, CHAR_DOTS * heightScale) * Math.max(1, Math.ceil(chars / WRAP_CHARS));
  for (let at = 0; at < bytes.length; ) {
    const token = nextToken(bytes, at);
    at = Math.max(token.end, at + 1);
    const n = bytes[token.start + 2] ?? 0;
    switch (token.name) {
      case 'text':
        lineDots = Math.max(lineDots, CHAR_DOTS * heightScale);
        chars += token.end - token.start;
        break;
      case 'LF':
      case 'FF':
        dots += line();
        lineDots = 0;
        chars = 0;
        break;
      case 'ESC @':
        spacing = DEFAULT_LINE_DOTS;
        heightScale = 1;
        barcodeDots = DEFAULT_BARCODE_DOTS;
        break;
      case 'ESC !':
        heightScale = n & 16 ? 2 : 1;
        break;
      case 'GS !':
        heightScale = (n & 7) + 1;
        break;
      case 'ESC 2':
        spacing = DEFAULT_LINE_DOTS;
        break;
      case 'ESC 3':
        spacing = n;
        break;
      case 'ESC d':
        dots += n * spacing;
        break;
      case 'ESC J':
        dots += n;
        break;
      case 'GS h':
        if (n > 0) barcodeDots = n + CHAR_DOTS;
        break;
      case 'GS k':
        dots += barcodeDots;
        break;
      case 'GS ( k':
        // Function 81 (print the stored symbol) is the one that uses paper: GS ( k pL pH cn fn.
        if (bytes[token.start + 6] === 0x51) dots += SYMBOL_DOTS;
        break;
      case 'GS v 0':
        dots += (bytes[token.start + 6] ?? 0) + (bytes[token.start + 7] ?? 0) * 256;
        break;
      case 'ESC *':
        // Column-format images print one band of 8 or 24 dots per command.
        dots += n >= 32 ? 24 : 8;
        break;
    }
  }
  return dots + (chars > 0 ? line() : 0);
}

/** Star Line Mode's and StarPRNT's 1/6-inch line, doubled: Star text may be set twice as tall in many ways. */
const STAR_LINE_MM = (25.4 / 6) * 2;
/** A Star raster line carries at most 72 bytes (576 dots) for one dot row (1/8 mm). */
const STAR_RASTER_BYTES_PER_MM = 72 * DOTS_PER_MM;

/**
 * Star's languages are not parsed here: every line feed counts as a double-height line, and the rest of the bytes as
 * raster rows. It errs long, as the ESC/POS count does.
 */
function starPaperMm(bytes: Uint8Array): number {
  let lines = 0;
  for (const byte of bytes) if (byte === 0x0a) lines += 1;
  return lines * STAR_LINE_MM + bytes.length / STAR_RASTER_BYTES_PER_MM;
}
