import type { BarcodeData, ErrorCorrection, ImageData, PrintCommand, PrintDocument, Symbology } from '../../../shared/document/types';
import { validateDocument } from '../../../shared/document/validate-document';
import { JobError } from '../../../shared/job-error';
import { DoorBudget, OverBudget } from '../encoding/door-budget';
import { LINE_DOTS } from '../encoding/job-budget';
import { bitImage } from './star-bitimage';
import { dataOf, textOfBytes } from './star-escapes';
import { starPage } from './star-page';
import { applyStarText, INITIAL_TEXT_STATE, TextLines, type StarTextState } from './text-lines';
import type { WebPrntElement } from './webprnt-request';

/**
 * Star WebPRNT's elements (StarWebPrintBuilder.js, and Star's "Star webPRNT Request Element" manual page) as a
 * Ticketera print document, checked by validateDocument. What the document has no place for is mapped to the
 * nearest command, or the request is refused with the reason (nothing printed): never silently dropped.
 */
export type Interpretation = { ok: true; document: PrintDocument } | { ok: false; problem: string };

export interface InterpretOptions {
  /** The shop's stored logo by Star's logo number, when the service keeps logos. */
  logo?: (number: number) => ImageData | undefined;
  /** Dots the bound printer prints across: how wide a page-mode page may be (an 80 mm 203 dpi head when left out). */
  printableDots?: number;
}

const DEFAULT_PRINTABLE_DOTS = 576;
/** ESC/POS and Star count a barcode's data in one byte; a QR code holds at most 7,089 characters (digits, at level L). */
const MAX_BARCODE_DATA = 255;
const MAX_QR_DATA = 7_089;

class Refusal extends Error {}

/** Star's barcode symbologies → the document's; Code 93 prints as Code 128, which encodes every Code 93 text. */
const SYMBOLOGY: Record<string, Symbology> = {
  UPCA: 'UPC_A',
  JAN8: 'EAN8',
  JAN13: 'EAN13',
  Code39: 'CODE39',
  ITF: 'ITF',
  Code128: 'CODE128',
  Code93: 'CODE128',
  NW7: 'CODABAR',
};

const LEVEL: Record<string, ErrorCorrection> = { level_l: 'L', level_m: 'M', level_q: 'Q', level_h: 'H' };

/** Whether the text holds control bytes that are printer commands, not text (LF, CR and HT are text's own). */
function hasCommandBytes(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

/** Text as bytes: a string of bytes (all ≤ 0xFF, from `\xNN` escapes) as they are, anything else as UTF-8. */
function bytesOf(text: string): Buffer {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0xff) return Buffer.from(text, 'utf8');
  return Buffer.from(text, 'latin1');
}

/**
 * What the request asks for is claimed from one budget as it is read (see DoorBudget): paper past the most any job
 * may feed, or more drawing and text than a request may take, refuses it with the reason, before the work is done.
 */
export function interpretWebPrnt(elements: readonly WebPrntElement[], options: InterpretOptions = {}): Interpretation {
  const commands: PrintCommand[] = [];
  const budget = new DoorBudget();
  const lines = new TextLines(commands, budget);
  const state: StarTextState = { ...INITIAL_TEXT_STATE };
  try {
    for (const element of elements) interpretElement(element, { commands, lines, state, options, budget });
    lines.flush(state);
    return { ok: true, document: validateDocument({ version: '1.0', commands }) };
  } catch (error) {
    if (error instanceof Refusal || error instanceof JobError || error instanceof OverBudget) return { ok: false, problem: error.message };
    throw error;
  }
}

interface Context {
  commands: PrintCommand[];
  lines: TextLines;
  state: StarTextState;
  options: InterpretOptions;
  budget: DoorBudget;
}

function interpretElement(element: WebPrntElement, context: Context): void {
  const { commands, lines, state, budget } = context;
  const attribute = element.attributes;
  const data = element.name === 'bitimage' || element.name === 'rawdata' || element.name === 'pagemode' ? '' : dataOf(element, budget);
  /** Anything that is not text prints the part line before it, as Star's printers do. */
  const add = (command: PrintCommand): void => {
    lines.flush(state);
    commands.push(command);
  };
  switch (element.name) {
    case 'text':
      return text(element, data, context);
    case 'alignment':
      lines.flush(state);
      state.align = oneOf(attribute['position'], ['left', 'center', 'right'] as const) ?? state.align;
      return;
    case 'initialization':
      lines.flush(state);
      Object.assign(state, INITIAL_TEXT_STATE);
      return;
    case 'feed':
      return feed(element, context);
    case 'bitimage': {
      const picture = bitImage(integer(element, 'width', 0, 65535) ?? 0, integer(element, 'height', 0, 65535) ?? 0, element.text, state.align, {
        budget,
        printableDots: context.options.printableDots ?? DEFAULT_PRINTABLE_DOTS,
      });
      if (picture && 'problem' in picture) throw new Refusal(picture.problem);
      if (picture) add({ type: 'image', data: picture.image });
      return;
    }
    case 'logo':
      return add({ type: 'image', data: logo(element, context) });
    case 'barcode': {
      const symbol = barcode(element, data, state.align);
      budget.claimPaper(symbol.height ?? 0, '<barcode>');
      return add({ type: 'barcode', data: symbol });
    }
    case 'qrcode':
      if (data.length > MAX_QR_DATA) throw new Refusal(`<qrcode> holds ${data.length} characters; a QR code holds at most ${MAX_QR_DATA}`);
      return add({ type: 'qr', data: { data, align: state.align, error_correction: LEVEL[attribute['level'] ?? ''] ?? 'M', ...size(integer(element, 'cell', 1, 8)) } });
    case 'pdf417':
      if (data.length > MAX_QR_DATA) throw new Refusal(`<pdf417> holds ${data.length} characters; Ticketera prints it as a QR code, which holds at most ${MAX_QR_DATA}`);
      // The document has no PDF417: the same data as a QR code, which the same scanners read.
      return add({ type: 'qr', data: { data, align: state.align, error_correction: pdf417Level(attribute['level']), ...size(integer(element, 'module', 1, 8)) } });
    case 'ruledline':
      budget.claimPaper(LINE_DOTS, '<ruledline>');
      return add({ type: 'line', data: ruledLine(attribute['thickness']) });
    case 'cutpaper':
      return add({ type: 'cut', data: { partial: attribute['type'] === 'partial', ...(attribute['feed'] === 'false' ? { feed: 0 } : {}) } });
    case 'peripheral':
      return add({ type: 'drawer', data: { pin: integer(element, 'channel', 1, 2) === 2 ? 5 : 2 } });
    case 'sound':
      // Star rings up to 20 times; the document's beep up to 9.
      return add({ type: 'beep', data: { times: Math.min(9, integer(element, 'repeat', 1, 20) ?? 1) } });
    case 'sound_with_setting':
      return add({ type: 'beep', data: { times: 1 } });
    case 'rawdata':
      return add({ type: 'raw', data: { base64: element.text.trim(), language: 'star' } });
    case 'holdprint':
      // Waiting for the customer to take the receipt needs a presenter; the printers Ticketera drives have none.
      return;
    case 'pagemode': {
      const page = starPage(element, state, context.options.printableDots ?? DEFAULT_PRINTABLE_DOTS, { integer, budget });
      if ('problem' in page) throw new Refusal(page.problem);
      if (page.image) add({ type: 'image', data: page.image });
      return;
    }
    default:
      throw new Refusal(`<${element.name}> is not a Star WebPRNT print element`);
  }
}

function text(element: WebPrntElement, data: string, { commands, lines, state }: Context): void {
  applyStarText(element, state, integer);
  if (data === '') return;
  if (hasCommandBytes(data)) {
    // Printer commands written into text go out as raw bytes, through the raw command's safety checks.
    lines.flush(state);
    commands.push({ type: 'raw', data: { base64: bytesOf(data).toString('base64'), language: 'star' } });
    return;
  }
  lines.add(textOfBytes(data, state.codepage), state);
}

/** `line` lines (Star's ESC d: the part line printed counts as the first), or `unit` dots as whole lines. */
function feed(element: WebPrntElement, { commands, lines, state, budget }: Context): void {
  const unit = integer(element, 'unit', 1, 255);
  let count = integer(element, 'line', 1, 255) ?? (unit === undefined ? 1 : Math.round(unit / LINE_DOTS));
  if (lines.pending) {
    lines.endLine(state);
    count -= 1;
  }
  budget.claimPaper(Math.max(0, count) * LINE_DOTS, '<feed>');
  if (count > 0) commands.push({ type: 'feed', data: { lines: count } });
}

function logo(element: WebPrntElement, { options, state }: Context): ImageData {
  const number = integer(element, 'number', 1, 255) ?? 1;
  const stored = options.logo?.(number);
  if (!stored) throw new Refusal(`<logo number="${number}">: Ticketera keeps no logo ${number}; send the picture as <bitimage>`);
  return { ...stored, align: state.align };
}

function barcode(element: WebPrntElement, data: string, align: StarTextState['align']): BarcodeData {
  const attribute = element.attributes;
  if (data.length > MAX_BARCODE_DATA) throw new Refusal(`<barcode> holds ${data.length} characters; a barcode holds at most ${MAX_BARCODE_DATA}`);
  const symbology = SYMBOLOGY[attribute['symbology'] ?? ''];
  if (!symbology) throw new Refusal(`<barcode symbology="${(attribute['symbology'] ?? '').slice(0, 40)}"> cannot be printed (UPC-E is not supported)`);
  const width = barWidth(attribute['width']);
  const height = integer(element, 'height', 1, 255);
  return {
    data,
    symbology,
    align,
    hri: attribute['hri'] === 'false' ? 'none' : 'below',
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
  };
}

/** `width2`…`width4` are the narrow module in dots; Star's ratio modes 1–9 grow in threes from 2 dots. */
function barWidth(value: string | undefined): number | undefined {
  const module = /^width([2-4])$/.exec(value ?? '');
  if (module) return Number(module[1]);
  const mode = /^width_mode([1-9])$/.exec(value ?? '');
  return mode ? 2 + Math.floor((Number(mode[1]) - 1) / 3) : undefined;
}

/** PDF417's error levels 0–8 onto QR's four. */
function pdf417Level(value: string | undefined): ErrorCorrection {
  const level = Number(/^level([0-8])$/.exec(value ?? '')?.[1] ?? 1);
  return level <= 2 ? 'L' : level <= 4 ? 'M' : level <= 6 ? 'Q' : 'H';
}

function ruledLine(thickness: string | undefined): { char?: string; bold?: boolean } {
  const double = thickness?.startsWith('double_') ?? false;
  const heavy = /(medium|thick)$/.test(thickness ?? '');
  return { ...(double ? { char: '=' } : {}), ...(heavy ? { bold: true } : {}) };
}

const size = (cell: number | undefined): { size?: number } => (cell === undefined ? {} : { size: cell });

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** A whole-number attribute within Star's range; out of range or not a number refuses the request. */
function integer(element: WebPrntElement, name: string, min: number, max: number): number | undefined {
  const value = element.attributes[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Refusal(`<${element.name} ${name}="${value.slice(0, 40)}"> must be ${min}–${max}`);
  return number;
}
