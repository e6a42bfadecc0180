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

/** Item lines of `longReceipt`: with the header and the total, about 20 cm of paper at 1/6-inch line spacing. */
const LONG_RECEIPT_ITEMS = 42;

/** A text receipt of about 20 cm (a busy table's bill): ~0.8 s on a 250 mm/s printer. Carries `JOB:<id>;`. */
export function longReceipt(id: string, printer?: string): PrintDocument {
  const items = Array.from({ length: LONG_RECEIPT_ITEMS }, (_, n) => ({ type: 'text' as const, data: { text: `${n + 1} x Caña 2,00` } }));
  return routed(
    {
      version: '1.0',
      profile: PROFILE,
      commands: [
        { type: 'text', data: { text: `JOB:${id};` } },
        { type: 'text', data: { text: 'Bar Ticketera · Mesa 12' } },
        ...items,
        { type: 'text', data: { text: 'TOTAL 84,00', bold: true } },
        { type: 'cut' },
      ],
    },
    printer,
  );
}
