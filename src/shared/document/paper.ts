/** What a `paper_width` means in dots and columns (203 dpi heads: 8 dots per mm). */
export interface PaperGeometry {
  paperMm: 58 | 80;
  dots: 384 | 576;
  /** Characters per line in font A (12 dots) and font B (9 dots). */
  columnsA: number;
  columnsB: number;
}

export const DEFAULT_PAPER_WIDTH = 80;

/**
 * 58 mm rolls print 384 dots (32 columns), 80 mm rolls 576 dots (48 columns). Other widths are taken as the nearest
 * of the two: narrower than 69 mm lays out as 58 mm, 69 mm or wider as 80 mm.
 */
export function paperGeometry(paperWidthMm: number = DEFAULT_PAPER_WIDTH): PaperGeometry {
  return paperWidthMm < 69
    ? { paperMm: 58, dots: 384, columnsA: 32, columnsB: 42 }
    : { paperMm: 80, dots: 576, columnsA: 48, columnsB: 64 };
}

/** The dots across the roll a document was laid out for, read from its `profile` (the default roll when absent). */
export function paperDotsOf(datos: unknown): number {
  const profile = (datos as { profile?: { paper_width?: unknown } } | null)?.profile;
  const width = profile?.paper_width;
  return paperGeometry(typeof width === 'number' ? width : undefined).dots;
}
