import { GLYPH_CHARS, GLYPH_ROWS } from './font-data';

/** One of the printer's two resident fonts, as cell size and how the 8×16 source glyph is stretched into it. */
export interface FontMetrics {
  cellWidth: number;
  cellHeight: number;
  /** Dots each of the glyph's 8 columns / 16 rows occupies; the sums fit inside the cell. */
  columnDots: readonly number[];
  rowDots: readonly number[];
  offsetX: number;
  offsetY: number;
}

const GLYPH_COLUMNS = 8;
const GLYPH_ROW_COUNT = 16;

/**
 * 12×24 dots: the 8×16 glyph at 1.5×. The doubled columns and rows are the ones Unifont draws its stems and bars on
 * (columns 1, 3, 4, 6; rows 4, 6, 8, 9, 13…), so the strokes of one letter come out equally thick.
 */
export const FONT_A: FontMetrics = {
  cellWidth: 12,
  cellHeight: 24,
  columnDots: [1, 2, 1, 2, 2, 1, 2, 1],
  rowDots: [1, 1, 2, 1, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 2],
  offsetX: 0,
  offsetY: 0,
};

/** 9×17 dots: the glyph dot for dot, leaving a column and a row between characters. */
export const FONT_B: FontMetrics = {
  cellWidth: 9,
  cellHeight: 17,
  columnDots: [1, 1, 1, 1, 1, 1, 1, 1],
  rowDots: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  offsetX: 0,
  offsetY: 0,
};

/** What a character without a glyph is drawn as: a box, so a gap in the font never passes for a blank. */
export const REPLACEMENT_CHAR = '\ufffd';

let glyphs: Map<string, Uint8Array> | undefined;

function glyphTable(): Map<string, Uint8Array> {
  if (glyphs) return glyphs;
  const rows = Uint8Array.from(atob(GLYPH_ROWS), (char) => char.charCodeAt(0));
  glyphs = new Map([...GLYPH_CHARS].map((char, index) => [char, rows.subarray(index * GLYPH_ROW_COUNT, (index + 1) * GLYPH_ROW_COUNT)]));
  return glyphs;
}

/** Does the font draw this character itself (rather than as the replacement box)? */
export function hasGlyph(char: string): boolean {
  return glyphTable().has(char);
}

/**
 * The character's 16 rows of 8 dots (bit 7 leftmost). A letter with a mark the font lacks is drawn as its base
 * letter (the printer's page held it, so the reader still gets the word); anything else is the replacement box.
 */
function glyphGrid(char: string): Uint8Array {
  const table = glyphTable();
  const base = [...char.normalize('NFD')][0] ?? '';
  return table.get(char) ?? table.get(base) ?? (table.get(REPLACEMENT_CHAR) as Uint8Array);
}

const masks = new Map<string, Uint8Array>();

/** The character as a cellWidth×cellHeight array of 0/1 dots in the given font, cached. */
export function glyphMask(char: string, font: FontMetrics): Uint8Array {
  const key = `${font.cellWidth}:${char}`;
  const cached = masks.get(key);
  if (cached) return cached;
  const grid = glyphGrid(char);
  const mask = new Uint8Array(font.cellWidth * font.cellHeight);
  let y = font.offsetY;
  for (let row = 0; row < GLYPH_ROW_COUNT; row++) {
    const rowBits = grid[row] ?? 0;
    const rowHeight = font.rowDots[row] ?? 1;
    let x = font.offsetX;
    for (let column = 0; column < GLYPH_COLUMNS; column++) {
      const columnWidth = font.columnDots[column] ?? 1;
      if (rowBits & (0x80 >> column)) {
        for (let dy = 0; dy < rowHeight; dy++) mask.fill(1, (y + dy) * font.cellWidth + x, (y + dy) * font.cellWidth + x + columnWidth);
      }
      x += columnWidth;
    }
    y += rowHeight;
  }
  masks.set(key, mask);
  return mask;
}
