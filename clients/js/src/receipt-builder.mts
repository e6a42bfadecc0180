import type * as Doc from './document-types.generated.mjs';

/** A print document (`datos`), version 1: the shape of resources/schema/print-document.v1.json. */
export type PrintDocument = Doc.TicketeraPrintDocumentV1;
export type PrintCommand = PrintDocument['commands'][number];
export type TableColumn = Doc.Table['columns'][number];

export type TextOptions = Omit<Doc.Text, 'text'>;
export type QrOptions = Omit<Doc.Qr, 'data'>;
export type BarcodeOptions = Omit<Doc.Barcode, 'data'>;
export type ImageOptions = Omit<Doc.Image, 'image'>;

/** Builds a receipt command by command; every option is typed from the published schema. */
export interface ReceiptBuilder {
  /** A paragraph; `\n` starts a new line, long lines wrap to the paper. */
  text(text: string, options?: TextOptions): this;
  /** Columns fitted to the paper: `{ columns: [{ header: 'Item' }, { header: '€', align: 'right' }], rows: [['Café', '1,20']] }`. */
  table(table: Doc.Table): this;
  /** A QR code of `data` (a URL, a receipt number…). */
  qr(data: string, options?: QrOptions): this;
  /** A 1D barcode: `barcode('7791234567898', { symbology: 'EAN13' })`. */
  barcode(data: string, options: BarcodeOptions): this;
  /** A PNG or JPEG picture as base64 (a `data:` URL is fine), scaled to the paper. */
  image(base64: string, options?: ImageOptions): this;
  /** Blank lines (default 1). */
  feed(lines?: number): this;
  /** A separator across the paper. */
  line(options?: Doc.Line): this;
  /** ESC/POS bytes as they are (checked by the service's safe mode). */
  raw(bytes: Doc.Raw): this;
  beep(options?: Doc.Beep): this;
  /** Opens the cash drawer. */
  drawer(options?: Doc.Drawer): this;
  cut(options?: Doc.Cut): this;
  /** The document to print: `client.print(builder)` calls this itself. */
  build(): PrintDocument;
}

export interface ReceiptOptions {
  /** The printer model the receipt is laid out for (`epson-tm-t20iii`, `pos-5890`…); default: the printer's own. */
  model?: string;
  paperWidth?: 58 | 80;
}

export function receipt(options: ReceiptOptions = {}): ReceiptBuilder {
  return new Receipt(options);
}

/** A builder handed to print(): anything with build(), so a second copy of this package still counts. */
export function isReceiptBuilder(value: PrintDocument | ReceiptBuilder): value is ReceiptBuilder {
  return typeof (value as Partial<ReceiptBuilder>).build === 'function';
}

class Receipt implements ReceiptBuilder {
  private readonly commands: PrintCommand[] = [];

  constructor(private readonly options: ReceiptOptions) {}

  text(text: string, options: TextOptions = {}): this {
    return this.add({ type: 'text', data: { text, ...options } });
  }

  table(table: Doc.Table): this {
    return this.add({ type: 'table', data: table });
  }

  qr(data: string, options: QrOptions = {}): this {
    return this.add({ type: 'qr', data: { data, ...options } });
  }

  barcode(data: string, options: BarcodeOptions): this {
    return this.add({ type: 'barcode', data: { data, ...options } });
  }

  image(base64: string, options: ImageOptions = {}): this {
    return this.add({ type: 'image', data: { image: base64, ...options } });
  }

  feed(lines?: number): this {
    return this.add(lines === undefined ? { type: 'feed' } : { type: 'feed', data: { lines } });
  }

  line(options?: Doc.Line): this {
    return this.add(options ? { type: 'line', data: options } : { type: 'line' });
  }

  raw(bytes: Doc.Raw): this {
    return this.add({ type: 'raw', data: bytes });
  }

  beep(options?: Doc.Beep): this {
    return this.add(options ? { type: 'beep', data: options } : { type: 'beep' });
  }

  drawer(options?: Doc.Drawer): this {
    return this.add(options ? { type: 'drawer', data: options } : { type: 'drawer' });
  }

  cut(options?: Doc.Cut): this {
    return this.add(options ? { type: 'cut', data: options } : { type: 'cut' });
  }

  build(): PrintDocument {
    const { model, paperWidth } = this.options;
    const profile = {
      ...(model !== undefined ? { model } : {}),
      ...(paperWidth !== undefined ? { paper_width: paperWidth } : {}),
    };
    // A copy: building again after more commands, or changing the document, never changes one already printed.
    return {
      version: '1.0',
      ...(Object.keys(profile).length > 0 ? { profile } : {}),
      commands: structuredClone(this.commands),
    };
  }

  private add(command: PrintCommand): this {
    this.commands.push(command);
    return this;
  }
}
