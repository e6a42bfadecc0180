/**
 * Star Line Mode command bytes, as the "Star Line Mode Command Specifications" manual (Star Micronics)
 * documents them for the TSP650/TSP700/TSP800 family. Each builder names the manual's section. Only commands
 * Ticketera sends are here; the preview (src/shared/escpos/render-star-line.ts) reads the same ones back.
 */
const ESC = 0x1b;
const GS = 0x1d;
const RS = 0x1e;

/** "Initialization" ESC @: defaults, empty print buffer. */
export const STAR_INIT = [ESC, 0x40] as const;

/** "International character / code page" ESC GS t n, in Star's own page numbering. */
export const starCodePage = (n: number): number[] => [ESC, GS, 0x74, n];

/** "Position" ESC GS a n: 0 left, 1 centre, 2 right. */
export const STAR_ALIGN = { left: [ESC, GS, 0x61, 0], center: [ESC, GS, 0x61, 1], right: [ESC, GS, 0x61, 2] } as const;

/** "Print mode": ESC E emphasised on, ESC F off. */
export const STAR_BOLD_ON = [ESC, 0x45] as const;
export const STAR_BOLD_OFF = [ESC, 0x46] as const;

/** ESC - n: underline off (0) / on (1); Star has one thickness. */
export const starUnderline = (on: boolean): number[] => [ESC, 0x2d, on ? 1 : 0];

/** ESC 4 / ESC 5: white/black inverted ("highlight") on / off. */
export const STAR_INVERT_ON = [ESC, 0x34] as const;
export const STAR_INVERT_OFF = [ESC, 0x35] as const;

/** "Font style" ESC RS F n: 0 font A (12×24), 1 font B (9×24). */
export const starFont = (font: 'a' | 'b'): number[] => [ESC, RS, 0x46, font === 'b' ? 1 : 0];

/** The largest multiplier ESC i takes (n = 0..5 means ×1..×6). */
export const STAR_MAX_SCALE = 6;

/** ESC i n1 n2: n1 the height multiplier − 1, n2 the width multiplier − 1 (height first, unlike GS !). */
export const starSize = (width: number, height: number): number[] => [ESC, 0x69, height - 1, width - 1];

/** "Line spacing / feed" ESC a n: feed n lines (1..127). */
export const starFeedLines = (lines: number): number[] => [ESC, 0x61, lines];

/** "Auto cutter" ESC d n: 2 full cut, 3 partial cut, each after feeding to the cut position. */
export const starCut = (partial: boolean): number[] => [ESC, 0x64, partial ? 3 : 2];

/** "External device drive": BEL drives the drawer on pin 2 (device 1), FS the one on pin 5 (device 2). */
export const starDrawer = (pin: 2 | 5): number[] => [pin === 5 ? 0x1c : 0x07];

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
