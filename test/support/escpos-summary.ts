import { tokenize } from '../../src/shared/escpos/parse-escpos';

/** What a receipt's ESC/POS bytes print, decoded command by command (parse-escpos knows every command's length). */
export interface EscPosSummary {
  /** Printable text, a line per LF. */
  lines: string[];
  /** Data stored for QR codes (GS ( k cn 49 fn 80) and PDF417 (cn 48). */
  qr: string[];
  pdf417: string[];
  /** Raster pictures (GS v 0 bands joined): width in dots, rows and black dots. */
  rasters: { width: number; rows: number; black: number }[];
  barcodes: { m: number; data: string }[];
  /** ESC p pins, GS V cuts and beeps (ESC ( A / ESC B) seen. */
  drawerKicks: number[];
  cuts: number;
  beeps: number;
}

export function summarize(bytes: Uint8Array): EscPosSummary {
  const summary: EscPosSummary = { lines: [], qr: [], pdf417: [], rasters: [], barcodes: [], drawerKicks: [], cuts: 0, beeps: 0 };
  let line = '';
  let band: { width: number; rows: number; black: number } | undefined;
  const at = (index: number): number => bytes[index] ?? 0;
  for (const token of tokenize(bytes)) {
    const { start, end } = token;
    if (token.kind === 'text') {
      line += Buffer.from(bytes.subarray(start, end)).toString('latin1');
      continue;
    }
    if (token.name !== 'GS v 0') band = undefined;
    switch (token.name) {
      case 'LF':
        summary.lines.push(line);
        line = '';
        break;
      case 'GS ( k': {
        const cn = at(start + 5);
        const fn = at(start + 6);
        if (fn === 0x50) {
          const data = Buffer.from(bytes.subarray(start + 8, end)).toString('utf8');
          if (cn === 0x31) summary.qr.push(data);
          if (cn === 0x30) summary.pdf417.push(data);
        }
        break;
      }
      case 'GS v 0': {
        const width = (at(start + 4) + at(start + 5) * 256) * 8;
        const rows = at(start + 6) + at(start + 7) * 256;
        let black = 0;
        for (let index = start + 8; index < end; index++) black += popcount(at(index));
        if (band && band.width === width) {
          band.rows += rows;
          band.black += black;
        } else {
          band = { width, rows, black };
          summary.rasters.push(band);
        }
        break;
      }
      case 'GS k': {
        const m = at(start + 2);
        const length = at(start + 3);
        summary.barcodes.push({ m, data: Buffer.from(bytes.subarray(start + 4, start + 4 + length)).toString('latin1') });
        break;
      }
      case 'ESC p':
        summary.drawerKicks.push(at(start + 2));
        break;
      case 'GS V':
        summary.cuts += 1;
        break;
      case 'ESC ( A':
      case 'ESC B':
        summary.beeps += 1;
        break;
    }
  }
  if (line !== '') summary.lines.push(line);
  return summary;
}

function popcount(byte: number): number {
  let count = 0;
  for (let value = byte; value; value >>= 1) count += value & 1;
  return count;
}
