import { tokenize } from '../../src/shared/escpos/parse-escpos';

/** What a printer would make of ESC/POS bytes, read back by the project's parser: text lines, pictures, QR codes, kicks and cuts. */
export interface ReadReceipt {
  text: string;
  /** GS v 0 bands, each as rows of 0/1 dots. */
  rasters: { width: number; rows: number[][] }[];
  qrCodes: string[];
  drawerPulses: number[];
  cuts: number;
}

export function readReceipt(bytes: Uint8Array): ReadReceipt {
  const read: ReadReceipt = { text: '', rasters: [], qrCodes: [], drawerPulses: [], cuts: 0 };
  for (const token of tokenize(bytes)) {
    const at = (offset: number): number => bytes[token.start + offset] ?? 0;
    if (token.kind === 'text') read.text += Buffer.from(bytes.subarray(token.start, token.end)).toString('latin1');
    else if (token.name === 'LF') read.text += '\n';
    else if (token.name === 'GS v 0') {
      const widthBytes = at(4) + at(5) * 256;
      const height = at(6) + at(7) * 256;
      const rows: number[][] = [];
      for (let y = 0; y < height; y++) {
        const row: number[] = [];
        for (let x = 0; x < widthBytes * 8; x++) row.push((at(8 + y * widthBytes + (x >> 3)) >> (7 - (x & 7))) & 1);
        rows.push(row);
      }
      read.rasters.push({ width: widthBytes * 8, rows });
    } else if (token.name === 'GS ( k' && at(5) === 49 && at(6) === 80) {
      // GS ( k pL pH cn=49 fn=80 m d…: store the QR code's data.
      read.qrCodes.push(Buffer.from(bytes.subarray(token.start + 8, token.end)).toString('utf8'));
    } else if (token.name === 'ESC p') read.drawerPulses.push(at(2) === 1 || at(2) === 49 ? 5 : 2);
    else if (token.name === 'GS V') read.cuts += 1;
  }
  return read;
}
