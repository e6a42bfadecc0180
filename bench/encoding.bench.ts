// Encoding and preview figures for `npm run bench`: the standard receipt encoded by Ticketera next to the same
// receipt built with node-thermal-printer calls alone, and the preview render of Ticketera's bytes.
import { PNG } from 'pngjs';
import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { renderEscPos } from '../src/shared/escpos/render-escpos';
import { encodeDocument } from '../src/main/services/encoding/encode-document';
import type { PrintCommand, PrintDocument } from '../src/shared/document/types';
import type { BenchRow } from './bench-row';

const LOGO_WIDTH = 576;
const LOGO_HEIGHT = 160;

/** A 576×160 logo with gradients and shapes, so dithering has real work to do. */
export function benchLogoPng(): Buffer {
  const png = new PNG({ width: LOGO_WIDTH, height: LOGO_HEIGHT });
  for (let y = 0; y < LOGO_HEIGHT; y++) {
    for (let x = 0; x < LOGO_WIDTH; x++) {
      const at = (y * LOGO_WIDTH + x) * 4;
      const ring = Math.abs(Math.hypot(x - 288, y - 80) - 60) < 12;
      const value = ring ? 0 : Math.round(((x + y) / (LOGO_WIDTH + LOGO_HEIGHT)) * 255);
      png.data[at] = value;
      png.data[at + 1] = Math.min(255, value + 20);
      png.data[at + 2] = value;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const line = (index: number): string => `Line ${String(index + 1).padStart(2, '0')} café con leche y tostada 1,50`;
const tableRows = Array.from({ length: 10 }, (_, index) => [`Producto número ${index + 1}`, String(index + 1), `${(index + 1) * 2},50`]);

/** The standard receipt as a Ticketera document. */
export function standardReceipt(logo: Buffer = benchLogoPng()): PrintDocument {
  const commands: PrintCommand[] = [{ type: 'image', data: { image: logo.toString('base64'), dither: 'floyd-steinberg' } }];
  for (let index = 0; index < 40; index++) {
    commands.push({
      type: 'text',
      data: {
        text: line(index),
        bold: index % 3 === 0,
        underline: index % 5 === 0 ? 1 : 0,
        align: index % 4 === 0 ? 'center' : 'left',
        ...(index % 10 === 0 ? { size: { width: 2, height: 2 } } : {}),
      },
    });
  }
  commands.push(
    {
      type: 'table',
      data: { columns: [{ header: 'Producto', width: 3 }, { header: 'Ud', align: 'right' }, { header: 'Importe', align: 'right' }], rows: tableRows },
    },
    { type: 'qr', data: { data: 'https://ticketera.example/t/000123?total=25,50', size: 6 } },
    { type: 'barcode', data: { data: 'TCK-000123', symbology: 'CODE128' } },
    { type: 'cut', data: {} },
  );
  return { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands };
}

/** The same receipt with node-thermal-printer alone (its own thresholded image, its own table and codes). */
async function nodeThermalPrinterReceipt(logo: Buffer): Promise<Buffer> {
  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: '', width: 48, characterSet: CharacterSet.PC858_EURO });
  printer.alignCenter();
  await printer.printImageBuffer(logo);
  for (let index = 0; index < 40; index++) {
    if (index % 4 === 0) printer.alignCenter();
    else printer.alignLeft();
    printer.bold(index % 3 === 0);
    printer.underline(index % 5 === 0);
    if (index % 10 === 0) printer.setTextSize(1, 1);
    else printer.setTextNormal();
    printer.println(line(index));
  }
  printer.alignLeft();
  printer.setTextNormal();
  printer.tableCustom([
    { text: 'Producto', align: 'LEFT', width: 0.6, bold: true },
    { text: 'Ud', align: 'RIGHT', width: 0.15, bold: true },
    { text: 'Importe', align: 'RIGHT', width: 0.25, bold: true },
  ]);
  printer.drawLine();
  for (const [name, units, total] of tableRows) {
    printer.tableCustom([
      { text: name ?? '', align: 'LEFT', width: 0.6 },
      { text: units ?? '', align: 'RIGHT', width: 0.15 },
      { text: total ?? '', align: 'RIGHT', width: 0.25 },
    ]);
  }
  printer.alignCenter();
  printer.printQR('https://ticketera.example/t/000123?total=25,50', { cellSize: 6, correction: 'M', model: 2 });
  printer.printBarcode('TCK-000123', 73, { hriPos: 2, hriFont: 0, width: 2, height: 80 });
  printer.cut();
  return printer.getBuffer();
}

async function medianMs(run: () => unknown, iterations: number, warmup: number): Promise<number> {
  for (let index = 0; index < warmup; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const round = (value: number): number => Math.round(value * 100) / 100;

export async function runEncodingBench(): Promise<BenchRow[]> {
  const logo = benchLogoPng();
  const document = standardReceipt(logo);
  const logoOnly: PrintDocument = { version: '1.0', commands: document.commands.slice(0, 1) };
  const options = { safeMode: true };
  const bytes = encodeDocument(document, options);
  const iterations = 60;
  const warmup = 15;
  // Interleaved runs would be fairer to the clock, but each side is warmed up and measured by median instead.
  const ours = await medianMs(() => encodeDocument(document, options), iterations, warmup);
  const theirs = await medianMs(() => nodeThermalPrinterReceipt(logo), iterations, warmup);
  const logoMs = await medianMs(() => encodeDocument(logoOnly, options), iterations, warmup);
  const preview = await medianMs(() => renderEscPos(bytes, { width: 576 }), iterations, warmup);
  const ratio = ours / theirs;
  return [
    { name: 'standard receipt: Ticketera encode', value: round(ours), unit: 'ms', target: 'informative', pass: true },
    { name: 'standard receipt: node-thermal-printer alone', value: round(theirs), unit: 'ms', target: 'informative', pass: true },
    { name: 'standard receipt: Ticketera / node-thermal-printer', value: round(ratio), unit: 'x', target: '<= 1.5x', pass: ratio <= 1.5 },
    { name: '576-dot dithered logo encode', value: round(logoMs), unit: 'ms', target: '<= 10 ms', pass: logoMs <= 10 },
    { name: 'standard receipt: preview render', value: round(preview), unit: 'ms', target: '<= 20 ms', pass: preview <= 20 },
  ];
}
