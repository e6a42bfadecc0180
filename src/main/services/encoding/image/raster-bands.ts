/** Tallest GS v 0 block sent at once: many printers mis-handle 256 rows or more in one command. */
export const BAND_ROWS = 240;

/**
 * Dots (1 = black, `width` per row) placed `left` dots from the paper edge → GS v 0 commands of at most BAND_ROWS
 * rows each. Alignment is baked in as white dots, so it does not depend on whether a model applies ESC a to images.
 */
export function rasterBands(dots: Uint8Array, width: number, height: number, left: number): Uint8Array[] {
  const bytesWide = Math.ceil((left + width) / 8);
  const bands: Uint8Array[] = [];
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    const band = new Uint8Array(8 + bytesWide * rows);
    band.set([0x1d, 0x76, 0x30, 0x00, bytesWide & 0xff, bytesWide >> 8, rows & 0xff, rows >> 8]);
    for (let row = 0; row < rows; row++) {
      const source = (top + row) * width;
      const target = 8 + row * bytesWide;
      for (let x = 0; x < width; x++) {
        if (dots[source + x]) {
          const column = left + x;
          band[target + (column >> 3)] = (band[target + (column >> 3)] ?? 0) | (0x80 >> (column & 7));
        }
      }
    }
    bands.push(band);
  }
  return bands;
}
