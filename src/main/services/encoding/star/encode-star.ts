import { create as createQr } from 'qrcode';
import type { JobLimits } from '../../../../shared/document/job-limits';
import type { PaperGeometry } from '../../../../shared/document/paper';
import { fitColumns } from '../../../../shared/document/table-columns';
import type { BarcodeData, BeepData, PrintCommand, QrData, RawData, TableData, TextData } from '../../../../shared/document/types';
import { COMMAND_CATEGORY } from '../../../../shared/document/validate-document';
import { JobError } from '../../../../shared/job-error';
import type { PrinterProfile } from '../../../../shared/printer-profiles/printer-profile';
import { barcodePayload } from '../commands/barcode-command';
import { columnsFor } from '../commands/encode-context';
import { rawBytes } from '../commands/raw-command';
import { checkStarCommands } from './star-safety';
import { textLineDots, textStyleOf } from '../commands/text-commands';
import { NORMAL_STYLE } from '../escpos-writer';
import { JobBudget, LINE_DOTS } from '../job-budget';
import { allPrintable } from '../script-raster/plan-text';
import { withoutInvisible } from '../text-bytes';
import { alignInside, wrapCounted } from '../wrap-text';
import {
  STAR_BUZZER_MAX_TIMES,
  STAR_MAX_SCALE,
  STAR_QR_MAX_CELL,
  STAR_QR_PRINT,
  STAR_SYMBOLOGY,
  starBarcode,
  starBuzzerPulse,
  starBuzzerRing,
  starCut,
  starDrawer,
  starFeedLines,
  starQrData,
  starQrSetup,
} from './star-bytes';
import type { StarContext } from './star-context';
import { starImage } from './star-image';
import type { StarLanguage } from './star-language';
import { starTextTarget } from './star-text-target';
import { writeTextBlock } from '../script-raster/script-text';
import { StarWriter } from './star-writer';

/**
 * A validated document as bytes in one of Star's languages (Star printers not switched to ESC/POS emulation):
 * text, lines, feeds, tables, QR codes, barcodes, images, cuts, the drawer and the buzzer. Text no Star code page
 * has is drawn and sent as graphics, as for ESC/POS. Raw bytes print only when they are Star commands (language
 * star), through the Star allow-list in safe mode; ESC/POS raw bytes are refused.
 */
export function encodeStar(
  commands: readonly PrintCommand[],
  target: { profile: PrinterProfile; language: StarLanguage; paper: PaperGeometry; safeMode: boolean },
  limits: JobLimits,
  blockStarts?: number[],
): Uint8Array {
  const { profile, language, paper, safeMode } = target;
  const writer = new StarWriter(profile.codePages);
  const budget = new JobBudget(limits);
  commands.forEach((command, index) => {
    const path = `commands[${index}]`;
    const category = COMMAND_CATEGORY[command.type];
    const before = writer.length;
    blockStarts?.push(before);
    encodeStarCommand({ writer, language, profile, paper, path, category, limits, budget, safeMode }, command);
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
      return starText(context, { text: (command.data?.char ?? '-').repeat(context.paper.columnsA), bold: command.data?.bold ?? false }, path);
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
      return starBeep(context, command.data);
    case 'image':
      return starImage(context, command.data);
    case 'raw':
      if (command.data.language === 'star') return starRaw(context, command.data);
      throw new JobError(
        'VALIDATION',
        `${path}: raw bytes are ESC/POS and the ${context.profile.name} profile prints ${context.language.name}; switch the printer to ESC/POS emulation and pick an ESC/POS model for them, or send Star commands with language "star"`,
      );
  }
}

/** Star commands as given: through the Star allow-list in safe mode, their feeds counted against the job's paper. */
function starRaw(context: StarContext, data: RawData): void {
  const bytes = rawBytes(context.path, data);
  const check = checkStarCommands(bytes);
  if (context.safeMode && !check.ok) throw new JobError('RAW', `${context.path}.data: ${check.problem}`);
  if (check.ok) context.budget.claimPaper(context.category, `${context.path}.data`, check.feedDots, 'its line feeds, feeds and raster rows');
  context.writer.push(bytes);
  context.writer.forgetState();
}

/** Beep length (×100 ms) → the buzzer's on and off times in 20 ms units, so repeated beeps are heard apart. */
const BUZZER_UNITS_PER_BEEP = 5;

function starBeep(context: StarContext, data: BeepData = {}): void {
  const { profile, path } = context;
  switch (profile.buzzer) {
    case 'star-external': {
      const pulse = (data.duration ?? 1) * BUZZER_UNITS_PER_BEEP;
      context.writer.push(starBuzzerPulse(pulse, pulse));
      return context.writer.push(starBuzzerRing(Math.min(data.times ?? 1, STAR_BUZZER_MAX_TIMES)));
    }
    case 'epson':
    case 'esc-b':
    case 'none':
      throw new JobError('VALIDATION', `${path}: the ${profile.name} profile has no buzzer; remove the beep or pick the printer's model in profile.model`);
  }
}

/** Table cells are laid out by columns, so their characters must be ones a Star code page has. */
function printableOrRefuse(context: StarContext, text: string, field: string): void {
  if (!allPrintable(text.normalize('NFC'), context.profile.codePages)) {
    throw new JobError('VALIDATION', `${field} has characters none of the ${context.profile.name}'s code pages has; put them in a text block, which prints them as a picture`);
  }
}

/** `field`: where errors point (a `line` command is printed as a text line of its character). */
function starText(context: StarContext, data: TextData, field = `${context.path}.data.text`): void {
  const style = textStyleOf(data);
  if (style.width > STAR_MAX_SCALE || style.height > STAR_MAX_SCALE) {
    throw new JobError('VALIDATION', `${context.path}.data.size: ${context.language.name} prints text at most ${STAR_MAX_SCALE} times its size`);
  }
  const lineDots = textLineDots(context.paper, style.font, style.height);
  writeTextBlock(starTextTarget(context), withoutInvisible(data.text), style, data.align ?? 'left', lineDots, field, data.runs);
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
  if (cell > STAR_QR_MAX_CELL) throw new JobError('QR', `${path}.data.size ${cell} is more than ${context.language.name}'s largest QR cell (${STAR_QR_MAX_CELL} dots)`);
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
