import type { CommandType, PrintCommand, PrintDocument } from '../../../shared/document/types';

/** What "add command" inserts: a working example of each command; a text starts empty (its box says what to write). */
export const COMMAND_DEFAULTS: { [K in CommandType]: Extract<PrintCommand, { type: K }> } = {
  text: { type: 'text', data: { text: '', align: 'left' } },
  feed: { type: 'feed', data: { lines: 1 } },
  line: { type: 'line', data: { char: '-' } },
  qr: { type: 'qr', data: { data: 'https://example.com', size: 6, align: 'center' } },
  barcode: { type: 'barcode', data: { data: '123456789012', symbology: 'CODE128', align: 'center', hri: 'below' } },
  table: {
    type: 'table',
    data: { columns: [{ header: 'Producto', width: 30 }, { header: 'Total', width: 18, align: 'right' }], rows: [['Café', '1,50 €']] },
  },
  image: { type: 'image', data: { image: '', align: 'center' } },
  raw: { type: 'raw', data: { hex: '1b 40' } },
  beep: { type: 'beep', data: { times: 1, duration: 1 } },
  cut: { type: 'cut', data: { partial: false } },
  drawer: { type: 'drawer', data: { pin: 2 } },
};

export const COMMAND_TYPES = Object.keys(COMMAND_DEFAULTS) as CommandType[];

export const SAMPLE_DOCUMENT: PrintDocument = {
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [
    { type: 'text', data: { text: 'Cafetería Ñandú', align: 'center', bold: true, size: { width: 2, height: 2 } } },
    { type: 'line', data: { char: '=' } },
    {
      type: 'table',
      data: {
        columns: [{ header: 'Producto', width: 30 }, { header: 'Total', width: 18, align: 'right' }],
        rows: [['Café con leche', '1,50 €'], ['Tostada', '2,20 €']],
      },
    },
    { type: 'text', data: { text: 'TOTAL 3,70 €', align: 'right', bold: true } },
    { type: 'qr', data: { data: 'https://example.com/ticket/42', size: 6, align: 'center' } },
    { type: 'text', data: { text: '¡Gracias por su visita!', align: 'center' } },
    { type: 'cut' },
  ],
};
