import { tokenize } from '../../src/shared/escpos/parse-escpos';

/** The first picture ESC/POS bytes print (its GS v 0 bands joined), dot for dot: 1 = black. */
export interface PrintedPicture {
  width: number;
  height: number;
  dark(x: number, y: number): boolean;
  /** Black dots for which `expected` says false: ink where nothing should be. */
  strayDots(expected: (x: number, y: number) => boolean): number;
  /** Black dots inside the box [x0, x1) × [y0, y1). */
  inkIn(x0: number, y0: number, x1: number, y1: number): number;
}

export function printedPicture(bytes: Uint8Array): PrintedPicture | undefined {
  const rows: Uint8Array[] = [];
  let width = 0;
  let picture = false;
  for (const token of tokenize(bytes)) {
    if (token.kind === 'text' || token.name !== 'GS v 0') {
      if (picture) break;
      continue;
    }
    const { start } = token;
    const rowBytes = (bytes[start + 4] ?? 0) + (bytes[start + 5] ?? 0) * 256;
    const height = (bytes[start + 6] ?? 0) + (bytes[start + 7] ?? 0) * 256;
    if (picture && rowBytes * 8 !== width) break;
    width = rowBytes * 8;
    picture = true;
    for (let y = 0; y < height; y++) {
      const row = new Uint8Array(width);
      for (let x = 0; x < width; x++) row[x] = ((bytes[start + 8 + y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      rows.push(row);
    }
  }
  if (!picture) return undefined;
  const dark = (x: number, y: number): boolean => rows[y]?.[x] === 1;
  const count = (keep: (x: number, y: number) => boolean): number => {
    let total = 0;
    rows.forEach((row, y) => row.forEach((dot, x) => (total += dot && keep(x, y) ? 1 : 0)));
    return total;
  };
  return {
    width,
    height: rows.length,
    dark,
    strayDots: (expected) => count((x, y) => !expected(x, y)),
    inkIn: (x0, y0, x1, y1) => count((x, y) => x >= x0 && x < x1 && y >= y0 && y < y1),
  };
}
