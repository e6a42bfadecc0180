import type { PrintDocument } from '../../shared/document/types';

/** What a test page says, in the window's language. */
export interface TestPageTexts {
  title: string;
  charsetLabel: string;
  printer: string;
  time: string;
  footer: string;
  /** Encoded in the QR code and printed under it. */
  qr: string;
}

/**
 * The test page the Home guide and the Printers page print: the shop's name, every accented letter a Spanish till
 * needs (code pages), a QR and a cut.
 */
export function testPageDocument(texts: TestPageTexts): PrintDocument {
  return {
    version: '1.0',
    commands: [
      { type: 'text', data: { text: 'Ticketera', align: 'center', bold: true, size: { width: 2, height: 2 } } },
      { type: 'text', data: { text: texts.title, align: 'center' } },
      { type: 'line', data: { char: '-' } },
      { type: 'text', data: { text: texts.charsetLabel } },
      { type: 'text', data: { text: 'ñ Ñ € á é í ó ú ü ¿ ¡', align: 'center', bold: true } },
      { type: 'line', data: { char: '-' } },
      { type: 'text', data: { text: `${texts.printer}\n${texts.time}` } },
      { type: 'qr', data: { data: texts.qr, size: 5, align: 'center' } },
      { type: 'text', data: { text: texts.qr, align: 'center', font: 'b' } },
      { type: 'feed', data: { lines: 1 } },
      { type: 'text', data: { text: texts.footer, align: 'center' } },
      { type: 'cut' },
    ],
  };
}
