import { documentProfile } from '../printer-profiles/find-profile';
import { GENERIC_PROFILE } from '../printer-profiles/profiles';
import type { PrinterProfile } from '../printer-profiles/printer-profile';

/** What a `paper_width` means in dots and columns on one printer model. */
export interface PaperGeometry {
  paperMm: 58 | 80;
  /** Printable dots across the roll (the head's width, not the paper's). */
  dots: number;
  /** Characters per line in font A and font B. */
  columnsA: number;
  columnsB: number;
  /** Dots down one character in font A and font B. */
  fontHeightA: number;
  fontHeightB: number;
}

export const DEFAULT_PAPER_WIDTH = 80;

/**
 * Printable dots per roll as the makers' specifications give them: 203 dpi heads print 576 dots on 80 mm (72 mm)
 * and 384 on 58 mm; 180 dpi heads (TM-T88, SRP-350) 512 and 360 (Epson's TM-T88 58 mm setting).
 */
const PRINTABLE_DOTS: Readonly<Record<number, Record<58 | 80, number>>> = { 203: { 58: 384, 80: 576 }, 180: { 58: 360, 80: 512 } };

/**
 * A roll on a model: 576 dots at 203 dpi are 48 columns of 12-dot font A, 512 at 180 dpi are 42. Widths narrower
 * than 69 mm are taken as 58 mm, the rest as 80 mm; without a width, the model's own roll (80 mm when it takes both).
 */
export function paperGeometry(paperWidthMm?: number, profile: PrinterProfile = GENERIC_PROFILE): PaperGeometry {
  const width = paperWidthMm ?? profile.paperMm ?? DEFAULT_PAPER_WIDTH;
  const paperMm = width < 69 ? 58 : 80;
  const dots = PRINTABLE_DOTS[profile.dpi]?.[paperMm] ?? Math.floor((PRINTABLE_DOTS[203]?.[paperMm] ?? 576) * (profile.dpi / 203) / 8) * 8;
  const { a, b } = profile.fonts;
  return {
    paperMm,
    dots,
    columnsA: Math.floor(dots / a.width),
    columnsB: Math.floor(dots / b.width),
    fontHeightA: a.height,
    fontHeightB: b.height,
  };
}

/** The geometry a document was laid out for, read from its `profile` (the generic 80 mm roll when absent). */
export function documentPaper(datos: unknown, profile: PrinterProfile = documentProfile(datos, undefined)): PaperGeometry {
  const width = (datos as { profile?: { paper_width?: unknown } } | null)?.profile?.paper_width;
  return paperGeometry(typeof width === 'number' ? width : undefined, profile);
}

/** The dots across the roll a document was laid out for (see documentPaper). */
export function paperDotsOf(datos: unknown, profile?: PrinterProfile): number {
  return documentPaper(datos, profile).dots;
}
