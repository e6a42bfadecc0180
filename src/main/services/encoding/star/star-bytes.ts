/**
 * Star command bytes Ticketera sends, as Star Micronics' "STAR Line Mode Command Specifications" (TSP650/700/800
 * family) and "StarPRNT Command Specifications" (TSP100III/IV, mC-Print, mPOP, SM-L200) document them; the two
 * languages share every command here except the graphics ones (see star-language.ts). Each builder names the
 * manuals' section. The preview (src/shared/escpos/render-star.ts) reads the same bytes back.
 */
const ESC = 0x1b;
const GS = 0x1d;
const RS = 0x1e;
const EM = 0x19;

/** "Initialization" ESC @: defaults, empty print buffer. */
export const STAR_INIT = [ESC, 0x40] as const;

/** "Font style and character set" ESC GS t n, in Star's own page numbering. */
export const starCodePage = (n: number): number[] => [ESC, GS, 0x74, n];

/** "Horizontal direction printing position" ESC GS a n: 0 left, 1 centre, 2 right. */
export const STAR_ALIGN = { left: [ESC, GS, 0x61, 0], center: [ESC, GS, 0x61, 1], right: [ESC, GS, 0x61, 2] } as const;

/** "Print mode": ESC E emphasised on, ESC F off. */
export const STAR_BOLD_ON = [ESC, 0x45] as const;
export const STAR_BOLD_OFF = [ESC, 0x46] as const;

/** "Print mode" ESC - n: underline off (0) / on (1); Star has one thickness. */
export const starUnderline = (on: boolean): number[] => [ESC, 0x2d, on ? 1 : 0];

/** "Print mode" ESC 4 / ESC 5: white/black inverted ("highlight") on / off. */
export const STAR_INVERT_ON = [ESC, 0x34] as const;
export const STAR_INVERT_OFF = [ESC, 0x35] as const;

/** "Font style and character set" ESC RS F n: 0 font A (12×24), 1 font B (9×24). */
export const starFont = (font: 'a' | 'b'): number[] => [ESC, RS, 0x46, font === 'b' ? 1 : 0];

/** The largest multiplier ESC i takes (n = 0..5 means ×1..×6). */
export const STAR_MAX_SCALE = 6;

/** "Character expansion settings" ESC i n1 n2: n1 the height multiplier − 1, n2 the width multiplier − 1 (height first, unlike GS !). */
export const starSize = (width: number, height: number): number[] => [ESC, 0x69, height - 1, width - 1];

/** "Line spacing" ESC a n: feed n lines (1..127). */
export const starFeedLines = (lines: number): number[] => [ESC, 0x61, lines];

/**
 * "Line spacing" ESC 0: lines of 3 mm, 24 dots at 8 dots/mm, exactly one stripe of ESC X graphics, so stripes
 * touch. ESC z 1 puts back the 4 mm (32 dots) line Star printers ship with (the memory switch default).
 */
export const STAR_LINES_24_DOTS = [ESC, 0x30] as const;
export const STAR_LINES_4_MM = [ESC, 0x7a, 1] as const;
/** Dots one ESC X stripe is tall, and the line ESC 0 sets. */
export const STAR_STRIPE_DOTS = 24;

/** "Cutter control" ESC d n: 2 full cut, 3 partial cut, each after feeding to the cut position. */
export const starCut = (partial: boolean): number[] => [ESC, 0x64, partial ? 3 : 2];

/**
 * "External device drive": BEL drives external device 1 (the drawer on connector pin 2), SUB external device 2
 * (pin 5), both in the order received. FS would drive device 1 at once, ahead of the text still being printed.
 */
export const STAR_DEVICE_1 = 0x07;
export const STAR_DEVICE_2 = 0x1a;
export const starDrawer = (pin: 2 | 5): number[] => [pin === 5 ? STAR_DEVICE_2 : STAR_DEVICE_1];

/**
 * "External device drive" ESC GS EM DC1 m n1 n2 sets buzzer terminal m's pulse (n1 on, n2 off, in 20 ms units);
 * ESC GS EM DC2 m n1 n2 rings it n1 times (1..20, n2 = 0). Ticketera rings terminal 2: by Star's convention the
 * drawer is wired to terminal 1 of the drive (DK) port and a buzzer unit (e.g. BU01) to terminal 2.
 */
export const STAR_BUZZER_TERMINAL = 2;
export const STAR_BUZZER_MAX_TIMES = 20;
export const starBuzzerPulse = (on: number, off: number): number[] => [ESC, GS, EM, 0x11, STAR_BUZZER_TERMINAL, on, off];
export const starBuzzerRing = (times: number): number[] => [ESC, GS, EM, 0x12, STAR_BUZZER_TERMINAL, times, 0];

/** "QR code": ESC GS y S 0 n model (2), S 1 n level (0 L..3 H), S 2 n cell size (1..8 dots). */
export const STAR_QR_LEVEL = { L: 0, M: 1, Q: 2, H: 3 } as const;
export const STAR_QR_MAX_CELL = 8;
const qrSetting = (setting: 0x30 | 0x31 | 0x32, n: number): number[] => [ESC, GS, 0x79, 0x53, setting, n];
export const starQrSetup = (level: keyof typeof STAR_QR_LEVEL, cell: number): number[] => [
  ...qrSetting(0x30, 2),
  ...qrSetting(0x31, STAR_QR_LEVEL[level]),
  ...qrSetting(0x32, cell),
];
/** ESC GS y D 1 m nL nH d…: store data with automatic mode (m = 0). */
export const starQrData = (length: number): number[] => [ESC, GS, 0x79, 0x44, 0x31, 0, length & 0xff, length >> 8];
/** ESC GS y P: print the stored symbol. */
export const STAR_QR_PRINT = [ESC, GS, 0x79, 0x50] as const;

/**
 * "Bar code" ESC b n1 n2 n3 n4 d… RS. n1 the symbology (Star numbering), n2 the HRI/feed mode (1 no text,
 * 2 text under the bars, each followed by a line feed), n3 the module mode (1..3: 2, 3 or 4 dots), n4 the height.
 */
export const STAR_SYMBOLOGY = { UPC_E: 0, UPC_A: 1, EAN8: 2, EAN13: 3, CODE39: 4, ITF: 5, CODE128: 6, CODE93: 7, CODABAR: 8 } as const;
export const starBarcode = (symbology: number, hri: boolean, mode: number, height: number, data: readonly number[]): number[] => [ESC, 0x62, symbology, hri ? 2 : 1, mode, height, ...data, RS];

/**
 * Star Line Mode "Bit image graphics" ESC X n1 n2 d…: a stripe 24 dots tall and n1 + n2×256 dots wide, 3 bytes per
 * column, the first byte's bit 7 the top dot. Printed with the line, so a line feed follows each stripe.
 */
export function starColumnStripe(dots: Uint8Array, width: number, height: number, left: number, top: number): Uint8Array {
  const columns = left + width;
  const stripe = new Uint8Array(4 + columns * 3 + 1);
  stripe.set([ESC, 0x58, columns & 0xff, columns >> 8]);
  const rows = Math.min(STAR_STRIPE_DOTS, height - top);
  for (let row = 0; row < rows; row++) {
    const source = (top + row) * width;
    const bit = 0x80 >> (row & 7);
    for (let x = 0; x < width; x++) {
      if (dots[source + x]) {
        const at = 4 + (left + x) * 3 + (row >> 3);
        stripe[at] = (stripe[at] ?? 0) | bit;
      }
    }
  }
  stripe[stripe.length - 1] = 0x0a;
  return stripe;
}

/** StarPRNT "Bit image graphics" ESC GS S: x is in bytes and at most 128 (1024 dots). */
export const STAR_RASTER_MAX_BYTES = 128;
/** Rows per ESC GS S block: the printer prints and frees each block, so a tall picture never fills its memory. */
export const STAR_RASTER_BAND_ROWS = 240;

/**
 * StarPRNT "Bit image graphics" ESC GS S m xL xH yL yH n d…: m = 1 (one block, two tones), x bytes across, y rows,
 * n = 0 (black); each row's bit 7 the leftmost dot, a set bit a printed dot.
 */
export function starRasterBlock(dots: Uint8Array, width: number, height: number, left: number, top: number): Uint8Array {
  const bytesWide = Math.ceil((left + width) / 8);
  const rows = Math.min(STAR_RASTER_BAND_ROWS, height - top);
  const block = new Uint8Array(9 + bytesWide * rows);
  block.set([ESC, GS, 0x53, 1, bytesWide & 0xff, bytesWide >> 8, rows & 0xff, rows >> 8, 0]);
  for (let row = 0; row < rows; row++) {
    const source = (top + row) * width;
    const target = 9 + row * bytesWide;
    for (let x = 0; x < width; x++) {
      if (dots[source + x]) {
        const column = left + x;
        block[target + (column >> 3)] = (block[target + (column >> 3)] ?? 0) | (0x80 >> (column & 7));
      }
    }
  }
  return block;
}
