import { DESCENDERS, GLYPH_DATA } from './font-data';

/** One of the printer's two resident fonts, as cell size and how the 5×11 glyph grid is stretched into it. */
export interface FontMetrics {
  cellWidth: number;
  cellHeight: number;
  /** Dots each glyph column / row occupies; the sums fit inside the cell. */
  columnDots: readonly number[];
  rowDots: readonly number[];
  offsetX: number;
  offsetY: number;
}

export const FONT_A: FontMetrics = {
  cellWidth: 12,
  cellHeight: 24,
  columnDots: [2, 2, 2, 2, 2],
  rowDots: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
  offsetX: 1,
  offsetY: 1,
};

export const FONT_B: FontMetrics = {
  cellWidth: 9,
  cellHeight: 17,
  columnDots: [2, 1, 2, 1, 2],
  rowDots: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2],
  offsetX: 0,
  offsetY: 0,
};

/** Grid rows: 0-1 accents over capitals, 2-8 the 5×7 body, 9-10 descenders. */
const GRID_ROWS = 11;
const BODY_TOP = 2;

const ACCENTS: Record<string, readonly [number, number]> = {
  '\u0301': [0b00010, 0b00100],
  '\u0300': [0b01000, 0b00100],
  '\u0302': [0b00100, 0b01010],
  '\u0308': [0b01010, 0b00000],
  '\u0303': [0b01010, 0b10100],
  '\u030a': [0b00100, 0b01010],
  '\u030c': [0b01010, 0b00100],
};

let glyphs: Map<string, Uint8Array> | undefined;

function glyphTable(): Map<string, Uint8Array> {
  if (glyphs) return glyphs;
  glyphs = new Map();
  const chars = [...GLYPH_DATA];
  for (let index = 0; index + 7 < chars.length + 1; index += 8) {
    const rows = new Uint8Array(7);
    for (let row = 0; row < 7; row++) rows[row] = parseInt(chars[index + 1 + row] ?? '0', 32);
    glyphs.set(chars[index] ?? '', rows);
  }
  return glyphs;
}

/** The character's dots on the 5×11 grid, one 5-bit row each; unknown characters get the replacement box. */
export function glyphGrid(char: string): Uint8Array {
  const grid = new Uint8Array(GRID_ROWS);
  const table = glyphTable();
  const direct = table.get(char);
  if (direct) {
    grid.set(direct, DESCENDERS.includes(char) ? BODY_TOP + 2 : BODY_TOP);
    return grid;
  }
  const [base = '', mark = ''] = [...char.normalize('NFD')];
  const baseRows = base === 'i' ? dotlessI(table) : table.get(base);
  const accent = ACCENTS[mark];
  if (!baseRows || !accent) {
    grid.set(table.get('\ufffd') ?? new Uint8Array(7), BODY_TOP);
    return grid;
  }
  grid.set(baseRows, BODY_TOP);
  // Capitals fill the body from its top row, so their accent goes above it; lowercase bodies start two rows lower.
  const accentTop = base === base.toUpperCase() && base !== base.toLowerCase() ? 0 : BODY_TOP;
  grid[accentTop] = (grid[accentTop] ?? 0) | accent[0];
  grid[accentTop + 1] = (grid[accentTop + 1] ?? 0) | accent[1];
  return grid;
}

function dotlessI(table: Map<string, Uint8Array>): Uint8Array | undefined {
  const rows = table.get('i');
  if (!rows) return undefined;
  const copy = rows.slice();
  copy[0] = 0;
  return copy;
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
  for (let row = 0; row < GRID_ROWS; row++) {
    const rowBits = grid[row] ?? 0;
    const rowHeight = font.rowDots[row] ?? 1;
    let x = font.offsetX;
    for (let column = 0; column < 5; column++) {
      const columnWidth = font.columnDots[column] ?? 1;
      if (rowBits & (0b10000 >> column)) {
        for (let dy = 0; dy < rowHeight; dy++) mask.fill(1, (y + dy) * font.cellWidth + x, (y + dy) * font.cellWidth + x + columnWidth);
      }
      x += columnWidth;
    }
    y += rowHeight;
  }
  masks.set(key, mask);
  return mask;
}
