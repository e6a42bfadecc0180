import type { CommandSet } from '../../../../shared/printer-profiles/printer-profile';
import { STAR_LINES_24_DOTS, STAR_LINES_4_MM, STAR_RASTER_BAND_ROWS, STAR_STRIPE_DOTS, starColumnStripe, starRasterBlock } from './star-bytes';

/**
 * What differs between Star's two languages for what Ticketera prints: only graphics. Text, code pages, feeds,
 * cuts, QR codes, barcodes, the drawer and the buzzer are the same bytes in the Star Line Mode and StarPRNT
 * command specifications.
 */
export interface StarLanguage {
  /** The language's name in error texts. */
  name: string;
  /** Paper rows a picture `rows` tall takes (Star Line Mode prints whole stripes of 24). */
  paperRows(rows: number): number;
  /** Rows a drawn line of text is made, from the paper a text line takes (whole stripes in Star Line Mode). */
  textBandRows(lineDots: number): number;
  /** A picture's dots (1 = black, `width` per row) placed `left` dots from the paper edge, as graphics commands. */
  graphics(dots: Uint8Array, width: number, height: number, left: number): Uint8Array[];
}

const stripes = (rows: number): number => Math.max(1, Math.ceil(rows / STAR_STRIPE_DOTS));

/** Star Line Mode: ESC X stripes with the line set to exactly a stripe (ESC 0), the usual 4 mm line put back after. */
export const STAR_LINE_MODE: StarLanguage = {
  name: 'Star Line Mode',
  paperRows: (rows) => stripes(rows) * STAR_STRIPE_DOTS,
  textBandRows: (lineDots) => Math.max(1, Math.floor(lineDots / STAR_STRIPE_DOTS)) * STAR_STRIPE_DOTS,
  graphics(dots, width, height, left) {
    const out: Uint8Array[] = [Uint8Array.from(STAR_LINES_24_DOTS)];
    for (let top = 0; top < height; top += STAR_STRIPE_DOTS) out.push(starColumnStripe(dots, width, height, left, top));
    out.push(Uint8Array.from(STAR_LINES_4_MM));
    return out;
  },
};

/** StarPRNT: ESC GS S raster blocks, which feed the paper themselves. */
export const STARPRNT: StarLanguage = {
  name: 'StarPRNT',
  paperRows: (rows) => rows,
  textBandRows: (lineDots) => lineDots,
  graphics(dots, width, height, left) {
    const out: Uint8Array[] = [];
    for (let top = 0; top < height; top += STAR_RASTER_BAND_ROWS) out.push(starRasterBlock(dots, width, height, left, top));
    return out;
  },
};

/** The Star language of a profile's command set; undefined for ESC/POS. */
export function starLanguageOf(commandSet: CommandSet): StarLanguage | undefined {
  if (commandSet === 'star-line') return STAR_LINE_MODE;
  if (commandSet === 'starprnt') return STARPRNT;
  return undefined;
}
