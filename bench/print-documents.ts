// The print documents (`datos`) the printing bench sends.
import type { PrintDocument } from '../src/shared/document/types';

const PROFILE = { model: 'epson', paper_width: 80 };

/** `datos.printer` routes a ticket to its printer's lane; without it the service's default printer takes it. */
const routed = (document: PrintDocument, printer?: string): PrintDocument => (printer === undefined ? document : { ...document, printer });

/** A short text receipt whose bytes carry `JOB:<id>;`, so a sink can tell which job a connection printed. */
export function textReceipt(id: string, printer?: string): PrintDocument {
  return routed(
    {
      version: '1.0',
      profile: PROFILE,
      commands: [
        { type: 'text', data: { text: `JOB:${id};` } },
        { type: 'text', data: { text: 'Café con leche 1,50' } },
        { type: 'text', data: { text: 'Tostada 2,00' } },
        { type: 'text', data: { text: 'TOTAL 3,50', bold: true } },
        { type: 'cut' },
      ],
    },
    printer,
  );
}

/** A receipt that is one dithered picture (`png`, base64-encoded once by the caller) and a cut. */
export function pictureReceipt(pngBase64: string, printer?: string): PrintDocument {
  return routed(
    { version: '1.0', profile: PROFILE, commands: [{ type: 'image', data: { image: pngBase64, dither: 'floyd-steinberg' } }, { type: 'cut' }] },
    printer,
  );
}
