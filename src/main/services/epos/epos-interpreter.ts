import type { Align, PrintCommand, PrintDocument } from '../../../shared/document/types';
import { HEX_PATTERN } from '../../../shared/document/print-document-schema';
import { DoorBudget, OverBudget } from '../encoding/door-budget';
import { EPOS_NAMESPACE } from './epos-protocol';
import { EposParameterError, EposSchemaError, intAttr, oneOfAttr } from './epos-errors';
import { imageCommand } from './epos-image';
import { pageCommand } from './epos-page';
import { barcodeCommand, symbolCommand } from './epos-symbols';
import { TextStream } from './epos-text';
import type { XmlElement } from './epos-xml';

/** Dots one fed line is (1/6 inch at 180 dpi… Ticketera's LINE_DOTS at 203 dpi): `<feed unit>` in lines. */
const DOTS_PER_LINE = 30;
const HEX = new RegExp(HEX_PATTERN);

/**
 * Turns `<epos-print>` into Ticketera's print document, element by element, in order:
 * text (epos-text), feed, image (epos-image), barcode and symbol (epos-symbols), hline as a rule, cut, pulse (the
 * drawer), sound (beeps), command (raw hex, which the encoder passes through safe mode like any raw command), reset.
 * Page mode (`page` with `area`, `direction`, `position`, texts, lines, rectangles, images) prints as laid out, as one
 * picture as wide as the bound printer's head allows (`printableDots`; see epos-page). Outside a page, `position x`
 * indents the next text; `vline-*`, `layout`, `rotate-*` and `recovery` concern label paper, ruled vertical lines and
 * printer recovery, and are accepted without printing anything.
 * `logo` asks for a logo by its keys: Ticketera keeps none, so it is a ParameterError rather than a silent gap.
 * What the request asks for is claimed from one budget as it is read (see DoorBudget): paper past the most any job
 * may feed, or more drawing than a request may take, is a ParameterError saying so, before the work is done.
 */
export function documentOf(print: XmlElement, printer: string | undefined, printableDots: number): PrintDocument {
  try {
    return interpretAll(print, printer, printableDots, new DoorBudget());
  } catch (error) {
    if (error instanceof OverBudget) throw new EposParameterError(error.message);
    throw error;
  }
}

function interpretAll(print: XmlElement, printer: string | undefined, printableDots: number, budget: DoorBudget): PrintDocument {
  const commands: PrintCommand[] = [];
  const text = new TextStream(commands, budget);
  for (const element of print.children) {
    if (element.namespace !== EPOS_NAMESPACE) throw new EposSchemaError(`<${element.name}> is not an ePOS-Print element`);
    if (element.name === 'text') {
      text.add(element);
      continue;
    }
    if (element.name === 'position') {
      const x = intAttr('position', element.attributes, 'x', 0, 65_535);
      intAttr('position', element.attributes, 'y', 0, 65_535);
      if (x !== undefined) text.moveTo(x);
      continue;
    }
    const openLine = text.endLine();
    if (element.name === 'page') {
      const page = pageCommand(element, printableDots, budget);
      if (page) commands.push(page);
      continue;
    }
    interpret(element, { commands, openLine, text, budget, printableDots });
  }
  text.endLine();
  return { version: '1.0', ...(printer !== undefined ? { printer } : {}), commands };
}

const IGNORED = new Set(['area', 'direction', 'layout', 'vline-begin', 'vline-end', 'rotate-begin', 'rotate-end', 'recovery']);

interface Context {
  commands: PrintCommand[];
  /** A line of text was left open, and printed by what comes now. */
  openLine: boolean;
  text: TextStream;
  budget: DoorBudget;
  printableDots: number;
}

function interpret(element: XmlElement, { commands, openLine, text, budget, printableDots }: Context): void {
  const { attributes, name } = element;
  const align = (): Align => text.currentAlign();
  switch (name) {
    case 'feed': {
      const line = intAttr('feed', attributes, 'line', 0, 255);
      const unit = intAttr('feed', attributes, 'unit', 0, 255);
      oneOfAttr('feed', attributes, 'pos', ['peeling', 'cutting', 'current_tof', 'next_tof'] as const);
      const lines = line ?? (unit !== undefined ? Math.ceil(unit / DOTS_PER_LINE) : attributes['pos'] === undefined ? 1 : 0);
      // "Print and feed": a line left open is printed by the feed itself, which then counts as its first line.
      const extra = openLine ? lines - 1 : lines;
      budget.claimPaper(extra * DOTS_PER_LINE, '<feed>');
      if (extra > 0) commands.push({ type: 'feed', data: { lines: extra } });
      return;
    }
    case 'image':
      commands.push({ type: 'image', data: { ...imageCommand(element, budget, printableDots), ...(element.attributes['align'] ? {} : { align: align() }) } });
      return;
    case 'barcode': {
      const barcode = barcodeCommand(element, align());
      if (barcode.type === 'barcode') budget.claimPaper(barcode.data.height ?? 0, '<barcode>');
      commands.push(barcode);
      return;
    }
    case 'symbol':
      commands.push(...symbolCommand(element, align()));
      return;
    case 'hline': {
      intAttr('hline', attributes, 'x1', 0, 65_535);
      intAttr('hline', attributes, 'x2', 0, 65_535);
      const style = oneOfAttr('hline', attributes, 'style', ['thin', 'medium', 'thick', 'thin_double', 'medium_double', 'thick_double'] as const) ?? 'thin';
      budget.claimPaper(DOTS_PER_LINE, '<hline>');
      commands.push({ type: 'line', data: { char: style.endsWith('double') ? '=' : '-', bold: !style.startsWith('thin') } });
      return;
    }
    case 'cut': {
      const type = oneOfAttr('cut', attributes, 'type', ['no_feed', 'feed', 'reserve', 'full_cut_no_feed', 'full_cut_feed', 'full_cut_reserve'] as const) ?? 'feed';
      commands.push({ type: 'cut', data: { partial: !type.startsWith('full_cut'), ...(type.endsWith('no_feed') ? { feed: 0 } : {}) } });
      return;
    }
    case 'pulse': {
      const drawer = oneOfAttr('pulse', attributes, 'drawer', ['drawer_1', 'drawer_2'] as const) ?? 'drawer_1';
      oneOfAttr('pulse', attributes, 'time', ['pulse_100', 'pulse_200', 'pulse_300', 'pulse_400', 'pulse_500'] as const);
      commands.push({ type: 'drawer', data: { pin: drawer === 'drawer_1' ? 2 : 5 } });
      return;
    }
    case 'sound': {
      oneOfAttr('sound', attributes, 'pattern', ['none', 'pattern_a', 'pattern_b', 'pattern_c', 'pattern_d', 'pattern_e', 'error', 'paper_end', 'pattern_1', 'pattern_2', 'pattern_3', 'pattern_4', 'pattern_5', 'pattern_6', 'pattern_7', 'pattern_8', 'pattern_9', 'pattern_10'] as const);
      const repeat = intAttr('sound', attributes, 'repeat', 0, 255) ?? 1;
      const cycle = intAttr('sound', attributes, 'cycle', 0, 65_535);
      commands.push({ type: 'beep', data: { times: clamp(repeat, 1, 9), ...(cycle !== undefined ? { duration: clamp(Math.round(cycle / 100), 1, 9) } : {}) } });
      return;
    }
    case 'command': {
      const hex = element.text.trim();
      if (!HEX.test(hex) || hex.replace(/[\s:]/g, '').length % 2 !== 0) throw new EposSchemaError('<command> must hold hex pairs');
      if (hex !== '') commands.push({ type: 'raw', data: { hex } });
      return;
    }
    case 'reset':
      commands.push({ type: 'raw', data: { hex: '1b40' } });
      return;
    case 'logo': {
      intAttr('logo', attributes, 'key1', 0, 255);
      intAttr('logo', attributes, 'key2', 0, 255);
      throw new EposParameterError(`<logo key1="${attributes['key1'] ?? ''}" key2="${attributes['key2'] ?? ''}">: Ticketera holds no stored logo; send the logo as an <image>`);
    }
    default:
      if (IGNORED.has(name)) return;
      throw new EposSchemaError(`<${name.slice(0, 40)}> is not an ePOS-Print element`);
  }
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
