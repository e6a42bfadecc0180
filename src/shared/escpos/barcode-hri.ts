/** Where a run of human-readable digits goes: in the quiet zone before or after the bars, or centred under modules. */
export type HriPart =
  | { text: string; place: 'before' }
  | { text: string; place: 'after' }
  | { text: string; place: 'under'; fromModule: number; toModule: number };

/**
 * EAN/UPC digits grouped as printers print them, or undefined for symbologies whose text is one centred line.
 * EAN-13: the first digit left of the bars, 6 and 6 under the halves; EAN-8: 4 and 4; UPC-A: 1, 5, 5, 1; UPC-E: 1, 6, 1.
 * Module spans are those of the guard-free halves (EAN-13 and UPC-A: 95 modules, EAN-8: 67, UPC-E: 51).
 * `m` is GS k's symbology byte (function A or B numbering).
 */
export function hriParts(m: number, hri: string): HriPart[] | undefined {
  const digits = (from: number, to: number): string => hri.slice(from, to);
  if ((m === 2 || m === 67) && hri.length === 13) {
    return [
      { text: digits(0, 1), place: 'before' },
      { text: digits(1, 7), place: 'under', fromModule: 3, toModule: 45 },
      { text: digits(7, 13), place: 'under', fromModule: 50, toModule: 92 },
    ];
  }
  if ((m === 3 || m === 68) && hri.length === 8) {
    return [
      { text: digits(0, 4), place: 'under', fromModule: 3, toModule: 31 },
      { text: digits(4, 8), place: 'under', fromModule: 36, toModule: 64 },
    ];
  }
  if ((m === 1 || m === 66) && hri.length === 8) {
    // UPC-E: the number system left of the bars, the six digits under them, the check digit to the right.
    return [
      { text: digits(0, 1), place: 'before' },
      { text: digits(1, 7), place: 'under', fromModule: 3, toModule: 45 },
      { text: digits(7, 8), place: 'after' },
    ];
  }
  if ((m === 0 || m === 65) && hri.length === 12) {
    // The first and last digits' bars run down with the guards; their digits sit outside the symbol.
    return [
      { text: digits(0, 1), place: 'before' },
      { text: digits(1, 6), place: 'under', fromModule: 10, toModule: 45 },
      { text: digits(6, 11), place: 'under', fromModule: 50, toModule: 85 },
      { text: digits(11, 12), place: 'after' },
    ];
  }
  return undefined;
}
