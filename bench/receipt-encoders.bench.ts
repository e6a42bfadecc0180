// Issue 13's encoder comparison for `npm run bench`: one café receipt (Spanish accents, ñ, €, a 4-row table, a
// total, a QR code) encoded by Ticketera with its automatic code page, by receipt-printer-encoder with its own
// `codepage('auto')`, and by node-thermal-printer, all for the same 80 mm Epson TM-T20III, in the same run.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { encodeDocument } from '../src/main/services/encoding/encode-document';
import type { PrintCommand, PrintDocument } from '../src/shared/document/types';
import type { BenchRow } from './bench-row';

/** The content every library prints: built once, so each side only pays for encoding it. */
const CAFE = {
  name: 'Cafetería La Ñora',
  address: 'C/ Príncipe de Vergara 12, Madrid',
  ticket: 'Ticket nº 000123 - 14/03/2025 09:41',
  header: ['Producto', 'Ud', 'Importe'],
  rows: [
    ['Café con leche', '2', '3,00 €'],
    ['Tostada con tomate y jamón', '1', '4,50 €'],
    ['Zumo de naranja natural', '1', '3,20 €'],
    ['Napolitana de chocolate', '1', '1,80 €'],
  ],
  total: 'TOTAL: 12,50 €',
  tax: 'IVA incluido (10%). ¡Gracias por su visita!',
  qr: 'https://cafeterialanora.es/t/000123?total=12,50€',
} as const;

const COLUMNS = 48; // font A on the TM-T20III's 576 dots
const QR_MODULE = 6;

/** Ticketera: the print document a POS would send; the code page is chosen per character (the default). */
export function cafeReceiptDocument(withQr = true): PrintDocument {
  const commands: PrintCommand[] = [
    { type: 'text', data: { text: CAFE.name, align: 'center', bold: true, size: { width: 2, height: 2 } } },
    { type: 'text', data: { text: CAFE.address, align: 'center' } },
    { type: 'text', data: { text: CAFE.ticket, align: 'center' } },
    {
      type: 'table',
      data: {
        columns: [
          { header: CAFE.header[0], width: 5 },
          { header: CAFE.header[1], width: 1, align: 'right' },
          { header: CAFE.header[2], width: 2, align: 'right' },
        ],
        rows: CAFE.rows.map((row) => [...row]),
      },
    },
    { type: 'line', data: { char: '-' } },
    { type: 'text', data: { text: CAFE.total, align: 'right', bold: true } },
    { type: 'text', data: { text: CAFE.tax, align: 'center' } },
    ...(withQr ? [{ type: 'qr', data: { data: CAFE.qr, size: QR_MODULE, error_correction: 'M' } } satisfies PrintCommand] : []),
    { type: 'cut', data: {} },
  ];
  return { version: '1.0', profile: { model: 'epson-tm-t20iii', paper_width: 80 }, commands };
}

/** receipt-printer-encoder: its printer model table gives the Epson code-page mapping; `auto` picks per fragment. */
function receiptPrinterEncoderReceipt(withQr: boolean): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ printerModel: 'epson-tm-t20iii', columns: COLUMNS });
  const [product, units, amount] = CAFE.header;
  encoder
    .initialize()
    .codepage('auto')
    .align('center')
    .bold(true)
    .size(2, 2)
    .line(CAFE.name)
    .size(1, 1)
    .bold(false)
    .line(CAFE.address)
    .line(CAFE.ticket)
    .align('left')
    .table(
      [
        { width: 28, align: 'left', marginRight: 1 },
        { width: 6, align: 'right', marginRight: 1 },
        { width: 12, align: 'right' },
      ],
      [
        [(e) => e.bold(true).text(product), (e) => e.bold(true).text(units), (e) => e.bold(true).text(amount)],
        ...CAFE.rows.map((row) => [...row]),
      ],
    )
    .line('-'.repeat(COLUMNS))
    .align('right')
    .bold(true)
    .line(CAFE.total)
    .bold(false)
    .align('center')
    .line(CAFE.tax);
  if (withQr) encoder.qrcode(CAFE.qr, { model: 2, size: QR_MODULE, errorlevel: 'm' });
  return encoder.cut().encode();
}

/** node-thermal-printer has no automatic code page: PC858 is a fixed page that holds ñ, the accents and €. */
function nodeThermalPrinterReceipt(withQr: boolean): Buffer {
  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: '', width: COLUMNS, characterSet: CharacterSet.PC858_EURO });
  const widths = [0.6, 0.15, 0.25];
  const aligns = ['LEFT', 'RIGHT', 'RIGHT'] as const;
  const row = (cells: readonly string[], bold: boolean): void =>
    printer.tableCustom(cells.map((text, index) => ({ text, align: aligns[index] ?? 'LEFT', width: widths[index] ?? 0, bold })));
  printer.alignCenter();
  printer.bold(true);
  printer.setTextSize(1, 1);
  printer.println(CAFE.name);
  printer.setTextNormal();
  printer.bold(false);
  printer.println(CAFE.address);
  printer.println(CAFE.ticket);
  printer.alignLeft();
  row(CAFE.header, true);
  printer.drawLine();
  for (const cells of CAFE.rows) row(cells, false);
  printer.drawLine();
  printer.alignRight();
  printer.bold(true);
  printer.println(CAFE.total);
  printer.bold(false);
  printer.alignCenter();
  printer.println(CAFE.tax);
  if (withQr) printer.printQR(CAFE.qr, { cellSize: QR_MODULE, correction: 'M', model: 2 });
  printer.cut();
  return printer.getBuffer();
}

interface Contender {
  name: string;
  encode: () => Uint8Array;
  samples: number[];
  batch: number;
}

const SAMPLE_MS = 8;
// Half a second of warm-up each: fewer left the JIT still tiering up (Ticketera's median fell run after run).
const WARMUP_ROUNDS = 60;
const ROUNDS = 60;

/** Receipts per timed sample, so one sample lasts about SAMPLE_MS (a single receipt is below the clock's grain). */
function batchSize(encode: () => Uint8Array): number {
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < SAMPLE_MS) {
    encode();
    count++;
  }
  return Math.max(1, count);
}

function timeBatch(contender: Contender): number {
  const start = performance.now();
  for (let index = 0; index < contender.batch; index++) contender.encode();
  return ((performance.now() - start) * 1000) / contender.batch;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * Rounds interleave the three libraries (the order rotating each round), so load from other processes on this
 * shared 2-core machine falls on all of them alike; the median of each library's samples is its figure.
 */
function measure(contenders: Contender[]): Array<Contender & { micros: number; bytes: number }> {
  for (const contender of contenders) contender.batch = batchSize(contender.encode);
  for (let index = 0; index < WARMUP_ROUNDS + ROUNDS; index++) {
    // Sized again once warm, so every timed sample lasts about SAMPLE_MS.
    if (index === WARMUP_ROUNDS) for (const contender of contenders) contender.batch = batchSize(contender.encode);
    for (let offset = 0; offset < contenders.length; offset++) {
      const contender = contenders[(index + offset) % contenders.length];
      if (!contender) continue;
      const micros = timeBatch(contender);
      if (index >= WARMUP_ROUNDS) contender.samples.push(micros);
    }
  }
  return contenders.map((contender) => ({ ...contender, micros: median(contender.samples), bytes: contender.encode().length }));
}

function contenders(withQr: boolean): Contender[] {
  const document = cafeReceiptDocument(withQr);
  const options = { safeMode: true };
  return [
    { name: 'Ticketera', encode: () => encodeDocument(document, options), samples: [], batch: 1 },
    { name: 'receipt-printer-encoder', encode: () => receiptPrinterEncoderReceipt(withQr), samples: [], batch: 1 },
    { name: 'node-thermal-printer', encode: () => nodeThermalPrinterReceipt(withQr), samples: [], batch: 1 },
  ];
}

const HOW: Record<string, string> = {
  Ticketera: 'Ticketera encodeDocument (auto code page)',
  'receipt-printer-encoder': 'receipt-printer-encoder 4 (codepage auto)',
  'node-thermal-printer': 'node-thermal-printer (fixed PC858)',
};

/**
 * The receipt with its QR code is the comparison held to issue 13's target; the same receipt without the QR is
 * measured too, informative only, to show how much of each figure the QR command is.
 */
export function runReceiptEncodersBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const withQr of [true, false]) {
    const label = withQr ? 'café receipt' : 'café receipt without QR';
    const [ours, ...others] = measure(contenders(withQr));
    if (!ours) continue;
    for (const entry of [ours, ...others]) {
      rows.push({ name: `${label}: ${HOW[entry.name] ?? entry.name}, ${entry.bytes} B`, value: round(entry.micros), unit: 'µs', target: 'informative', pass: true });
    }
    for (const other of others) {
      const ratio = ours.micros / other.micros;
      rows.push({
        name: `${label}: Ticketera ÷ ${other.name}`,
        value: Math.round(ratio * 10000) / 10000,
        unit: 'x',
        target: withQr ? '< 1x (faster)' : 'informative',
        pass: withQr ? ratio < 1 : true,
      });
    }
  }
  return Promise.resolve(rows);
}
