import { create as createQr } from 'qrcode';
import type { JobLimits } from '../../../../shared/document/job-limits';
import type { PaperGeometry } from '../../../../shared/document/paper';
import { fitColumns } from '../../../../shared/document/table-columns';
import type { BarcodeData, PrintCommand, QrData, TableData, TextData } from '../../../../shared/document/types';
import { COMMAND_CATEGORY } from '../../../../shared/document/validate-document';
import { starLineCodePages } from '../../../../shared/escpos/render-star-line';
import { JobError } from '../../../../shared/job-error';
import type { PrinterProfile } from '../../../../shared/printer-profiles/printer-profile';
import type { ErrorCategory } from '../../../../shared/protocol';
import { barcodePayload } from '../commands/barcode-command';
import { columnsFor } from '../commands/encode-context';
import { textLineDots, textStyleOf } from '../commands/text-commands';
import { NORMAL_STYLE } from '../escpos-writer';
import { JobBudget, LINE_DOTS } from '../job-budget';
import { allPrintable } from '../script-raster/plan-text';
import { withoutInvisible } from '../text-bytes';
import { alignInside, wrapCounted } from '../wrap-text';
import { STAR_MAX_SCALE, STAR_QR_MAX_CELL, STAR_QR_PRINT, STAR_SYMBOLOGY, starBarcode, starCut, starDrawer, starFeedLines, starQrData, starQrSetup } from './star-line-bytes';
import { StarLineWriter } from './star-line-writer';

interface StarContext {
  writer: StarLineWriter;
  profile: PrinterProfile;
  paper: PaperGeometry;
  path: string;
  category: ErrorCategory;
  budget: JobBudget;
}

/**
 * A validated document as Star Line Mode bytes (Star printers not switched to ESC/POS emulation). Covers text,
 * lines, feeds, tables, QR codes, barcodes, cuts and the drawer; images, raw bytes and text outside the printer's
 * code pages are refused with VALIDATION until Star raster printing exists.
 */
export function encodeStarLine(commands: readonly PrintCommand[], profile: PrinterProfile, paper: PaperGeometry, limits: JobLimits, blockStarts?: number[]): Uint8Array {
  const writer = new StarLineWriter(starLineCodePages(profile));
  const budget = new JobBudget(limits);
  commands.forEach((command, index) => {
    const path = `commands[${index}]`;
    const category = COMMAND_CATEGORY[command.type];
    const before = writer.length;
    blockStarts?.push(before);
    encodeStarCommand({ writer, profile, paper, path, category, budget }, command);
    budget.checkBytes(category, path, writer.length - before, writer.length);
  });
  return writer.bytes();
}

function encodeStarCommand(context: StarContext, command: PrintCommand): void {
  const { writer, path, budget, category } = context;
  switch (command.type) {
    case 'text':
      return starText(context, command.data);
    case 'line':
      budget.claimPaper(category, path, LINE_DOTS, 'one line');
      writer.setAlign('left');
      writer.setStyle({ ...NORMAL_STYLE, bold: command.data?.bold ?? false });
      printableOrRefuse(context, command.data?.char ?? '-', `${path}.data.char`);
      writer.text((command.data?.char ?? '-').repeat(context.paper.columnsA));
      return writer.lineFeed();
    case 'feed': {
      const lines = command.data?.lines ?? 1;
      budget.claimPaper(category, `${path}.data.lines`, lines * LINE_DOTS, `${lines} lines`);
      // ESC a takes 1..127 lines: longer feeds go out in pieces.
      for (let left = lines; left > 0; left -= 127) writer.push(starFeedLines(Math.min(left, 127)));
      return;
    }
    case 'table':
      return starTable(context, command.data);
    case 'qr':
      return starQr(context, command.data);
    case 'barcode':
      return starBarcodeCommand(context, command.data);
    case 'cut': {
      const feed = command.data?.feed ?? 0;
      const cutterLines = context.profile.cutterFeed ?? 3;
      budget.claimPaper(category, `${path}.data.feed`, (feed + cutterLines) * LINE_DOTS, `${feed + cutterLines} lines`);
      if (feed > 0) writer.push(starFeedLines(Math.min(feed, 127)));
      // ESC d 2/3 feeds to the cutter by itself: the model's cutter feed is not added again.
      return writer.push(starCut(command.data?.partial ?? false));
    }
    case 'drawer':
      if (!context.profile.drawer) throw new JobError('VALIDATION', `${path}: the ${context.profile.name} has no cash drawer connector`);
      return writer.push(starDrawer(command.data?.pin === 5 ? 5 : 2));
    case 'beep':
      throw new JobError('VALIDATION', `${path}: the ${context.profile.name} profile has no buzzer; remove the beep or pick the printer's model in profile.model`);
    case 'image':
    case 'raw':
      throw new JobError(
        'VALIDATION',
        `${path}: ${command.type === 'image' ? 'images' : 'raw bytes'} are not printed in Star Line Mode yet (the ${context.profile.name} profile); switch the printer to ESC/POS emulation and pick an ESC/POS model for them`,
      );
  }
}

function printableOrRefuse(context: StarContext, text: string, field: string): void {
  if (!allPrintable(text.normalize('NFC'), starLineCodePages(context.profile))) {
    throw new JobError('VALIDATION', `${field} has characters none of the ${context.profile.name}'s code pages has; Star Line Mode prints them only in ESC/POS emulation`);
  }
}

function starText(context: StarContext, data: TextData): void {
  const style = textStyleOf(data);
  if (style.width > STAR_MAX_SCALE || style.height > STAR_MAX_SCALE) {
    throw new JobError('VALIDATION', `${context.path}.data.size: Star Line Mode prints text at most ${STAR_MAX_SCALE} times its size`);
  }
  const text = withoutInvisible(data.text);
  printableOrRefuse(context, text, `${context.path}.data.text`);
  const lineDots = textLineDots(context.paper, style.font, style.height);
  const { lines, count } = wrapCounted(text, columnsFor(context.paper, style.font, style.width), Math.floor(context.budget.remainingDots() / lineDots) + 1);
  context.budget.claimPaper(context.category, `${context.path}.data.text`, count * lineDots, `${count} lines`);
  const { writer } = context;
  writer.setAlign(data.align ?? 'left');
  writer.setStyle(style);
  for (const line of lines) {
    writer.text(line);
    writer.lineFeed();
  }
}

function starTable(context: StarContext, data: TableData): void {
  const font = data.font ?? 'a';
  const lineColumns = columnsFor(context.paper, font);
  const widths = fitColumns(data.columns.map((column) => column.width ?? 1), lineColumns);
  if (!widths) throw new JobError('TABLE', `${context.path}.data.columns: ${data.columns.length} columns do not fit ${lineColumns} characters`);
  const aligns = data.columns.map((column) => column.align ?? 'left');
  const lineDots = textLineDots(context.paper, font);
  const { writer } = context;
  writer.setAlign('left');
  const printRow = (cells: string[], bold: boolean, path: string): void => {
    if (cells.length !== widths.length) throw new JobError('TABLE', `${path} has ${cells.length} cells, expected ${widths.length}`);
    cells = cells.map(withoutInvisible);
    cells.forEach((cell) => printableOrRefuse(context, cell, path));
    const cuts = cells.map((cell, index) => wrapCounted(cell, widths[index] ?? 1, Math.floor(context.budget.remainingDots() / lineDots) + 1));
    const height = Math.max(...cuts.map((cut) => cut.count));
    context.budget.claimPaper(context.category, path, height * lineDots, `${height} lines`);
    writer.setStyle({ ...NORMAL_STYLE, font, bold });
    for (let line = 0; line < height; line++) {
      writer.text(cuts.map((cut, index) => alignInside(cut.lines[line] ?? '', widths[index] ?? 1, aligns[index] ?? 'left')).join(' ').trimEnd());
      writer.lineFeed();
    }
  };
  if (data.columns.some((column) => column.header !== undefined && column.header !== '')) {
    printRow(data.columns.map((column) => column.header ?? ''), true, `${context.path}.data.columns`);
    context.budget.claimPaper(context.category, `${context.path}.data.columns`, lineDots, 'one line');
    writer.setStyle({ ...NORMAL_STYLE, font });
    writer.text((data.separator ?? '-').repeat(lineColumns));
    writer.lineFeed();
  }
  data.rows.forEach((row, index) => printRow(row.map(String), false, `${context.path}.data.rows[${index}]`));
}

function starQr(context: StarContext, data: QrData): void {
  const { profile, path } = context;
  if (!profile.qr) throw new JobError('QR', `${path}: the ${profile.name} cannot print QR codes; print the link as text or an image`);
  const level = data.error_correction ?? 'M';
  const cell = data.size ?? 6;
  if (cell > STAR_QR_MAX_CELL) throw new JobError('QR', `${path}.data.size ${cell} is more than Star Line Mode's largest QR cell (${STAR_QR_MAX_CELL} dots)`);
  const bytes = new TextEncoder().encode(data.data);
  let modules: number;
  try {
    modules = createQr([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: level }).modules.size;
  } catch {
    throw new JobError('QR', `${path}.data.data is too long for a QR code at level ${level} (${bytes.length} bytes)`);
  }
  const dots = modules * cell;
  if (dots > context.paper.dots) {
    throw new JobError('QR', `${path}.data.size ${cell} makes the QR ${dots} dots wide, the paper has ${context.paper.dots} (use ${Math.floor(context.paper.dots / modules)} or less)`);
  }
  context.budget.claimPaper(context.category, `${path}.data`, dots, `a QR code ${dots} dots tall`);
  const { writer } = context;
  writer.setStyle(NORMAL_STYLE);
  writer.setAlign(data.align ?? 'center');
  writer.push(starQrSetup(level, cell));
  writer.push(starQrData(bytes.length));
  writer.push([...bytes]);
  writer.push(STAR_QR_PRINT);
}

/** Star's module modes 1..3 are 2, 3 and 4 dots: the document's width (dots per module) maps onto them. */
const starModuleMode = (width: number): number => Math.min(3, Math.max(1, width - 1));

function starBarcodeCommand(context: StarContext, data: BarcodeData): void {
  const { profile, path } = context;
  if (!profile.symbologies.includes(data.symbology)) {
    throw new JobError('BARCODE', `${path}.data.symbology ${data.symbology} is not printed by the ${profile.name} (it has: ${profile.symbologies.join(', ')})`);
  }
  const fail = (reason: string): JobError => new JobError('BARCODE', `${path}.data.data ${reason}`);
  // Star takes CODE128 as plain text and picks code sets itself: only the other symbologies share ESC/POS's data.
  if (data.symbology === 'CODE128' && !/^[\x20-\x7e]+$/.test(data.data)) throw fail('must be printable ASCII for CODE128');
  const payload = data.symbology === 'CODE128' ? Array.from(data.data, (char) => char.charCodeAt(0)) : [...barcodePayload(data.symbology, data.data, fail)];
  if (payload.some((byte) => byte === 0x1e)) throw fail('cannot hold the RS byte that ends a Star barcode');
  const height = Math.min(255, Math.max(1, data.height ?? 80));
  const hri = (data.hri ?? 'below') !== 'none';
  const tall = height + (hri ? 24 : 0) + LINE_DOTS;
  context.budget.claimPaper(context.category, `${path}.data`, tall, `a barcode ${tall} dots tall`);
  const { writer } = context;
  writer.setStyle(NORMAL_STYLE);
  writer.setAlign(data.align ?? 'center');
  writer.push(starBarcode(STAR_SYMBOLOGY[data.symbology], hri, starModuleMode(data.width ?? 2), height, payload));
}
