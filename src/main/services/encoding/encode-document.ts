import { paperGeometry } from '../../../shared/document/paper';
import type { PrintCommand } from '../../../shared/document/types';
import { validateDocument } from '../../../shared/document/validate-document';
import { encodeBarcode } from './commands/barcode-command';
import { encodeBeep, encodeCut, encodeDrawer } from './commands/device-commands';
import type { EncodeContext } from './commands/encode-context';
import { encodeImage } from './commands/image-command';
import { encodeQr } from './commands/qr-command';
import { encodeRaw } from './commands/raw-command';
import { encodeTable } from './commands/table-command';
import { encodeFeed, encodeLine, encodeText } from './commands/text-commands';
import { EscPosWriter } from './escpos-writer';
import { dialectFor } from './printer-dialect';

/** Settings that change how a document becomes bytes. */
export interface EncodeOptions {
  /** Refuse raw bytes that write the printer's stored memory/settings or that the parser does not know. */
  safeMode: boolean;
}

/**
 * The one way a print document (`datos`) becomes ESC/POS bytes. The server and worker call only this, so the
 * document language can grow without touching them. Throws JobError with the protocol's category.
 */
export function encodeDocument(datos: unknown, options: EncodeOptions): Uint8Array {
  const document = validateDocument(datos);
  const writer = new EscPosWriter(dialectFor(document.profile?.model));
  const paper = paperGeometry(document.profile?.paper_width);
  document.commands.forEach((command, index) => {
    encodeCommand({ writer, paper, path: `commands[${index}]`, safeMode: options.safeMode }, command);
  });
  return writer.bytes();
}

function encodeCommand(context: EncodeContext, command: PrintCommand): void {
  switch (command.type) {
    case 'text':
      return encodeText(context, command.data);
    case 'feed':
      return encodeFeed(context, command.data);
    case 'line':
      return encodeLine(context, command.data);
    case 'qr':
      return encodeQr(context, command.data);
    case 'barcode':
      return encodeBarcode(context, command.data);
    case 'table':
      return encodeTable(context, command.data);
    case 'image':
      return encodeImage(context, command.data);
    case 'raw':
      return encodeRaw(context, command.data);
    case 'beep':
      return encodeBeep(context, command.data);
    case 'cut':
      return encodeCut(context, command.data);
    case 'drawer':
      return encodeDrawer(context, command.data);
  }
}
