import { LineRuns } from '../../../shared/document/line-runs';
import type { Align, FontName, PrintCommand, TextData } from '../../../shared/document/types';
import type { WebPrntElement } from './webprnt-request';

/**
 * Star's text state as the builder sets it: `<text emphasis="true"/>` with no data changes the style for what follows,
 * like the printer commands it stands for, and `<alignment>` the position of the lines after it.
 */
export interface StarTextState {
  align: Align;
  bold: boolean;
  underline: boolean;
  invert: boolean;
  font: FontName;
  width: number;
  height: number;
  codepage: string | undefined;
}

export const INITIAL_TEXT_STATE: StarTextState = {
  align: 'left',
  bold: false,
  underline: false,
  invert: false,
  font: 'a',
  width: 1,
  height: 1,
  codepage: undefined,
};

/** Whole-number attributes, read the way the document reader reads them (out of range refuses the request). */
export type IntegerOf = (element: WebPrntElement, name: string, min: number, max: number) => number | undefined;

/** A `<text>` element's attributes onto the text state: they last until changed, like the commands they stand for. */
export function applyStarText(element: WebPrntElement, state: StarTextState, integer: IntegerOf): void {
  const attribute = element.attributes;
  const flag = (name: string): boolean | undefined => (attribute[name] === undefined ? undefined : attribute[name] === 'true');
  state.bold = flag('emphasis') ?? state.bold;
  state.invert = flag('invert') ?? state.invert;
  state.underline = flag('underline') ?? state.underline;
  state.font = attribute['font'] === 'font_b' ? 'b' : attribute['font'] === 'font_a' ? 'a' : state.font;
  state.width = integer(element, 'width', 1, 6) ?? state.width;
  state.height = integer(element, 'height', 1, 6) ?? state.height;
  state.codepage = attribute['codepage'] ?? state.codepage;
}

/** Star's horizontal tab stops: every 8 characters (the printer's default). */
const TAB_STOP = 8;

/**
 * Text arrives in pieces that end lines only at `\n` (the builder's `\x0a`). Pieces collect into the current line,
 * which takes the size, font and alignment of its first piece that shows something; a piece in another weight,
 * underline or inversion (a bold "TOTAL" followed by a plain amount) keeps its own as a run of the line's command.
 * Consecutive lines of one style and alignment, without runs, become one command.
 */
export class TextLines {
  private readonly line = new LineRuns();
  private lineStyle: TextData | undefined;
  private readonly out: PrintCommand[];

  constructor(out: PrintCommand[]) {
    this.out = out;
  }

  /** Whether part of a line is waiting for its end. */
  get pending(): boolean {
    return this.line.text !== '';
  }

  add(text: string, state: StarTextState): void {
    for (const char of text.replace(/\r/g, '')) {
      if (char === '\n') this.endLine(state);
      else if (char === '\t') this.line.add(' '.repeat(TAB_STOP - (this.line.text.length % TAB_STOP)), state);
      else {
        if (this.lineStyle === undefined && char !== ' ') this.lineStyle = styleOf(state);
        this.line.add(char, state);
      }
    }
  }

  /** Ends the current line (printing a blank one when nothing is waiting). */
  endLine(state: StarTextState): void {
    const style = this.lineStyle ?? styleOf(state);
    const { text, runs } = this.line.take({ bold: style.bold === true, underline: style.underline === 1, invert: style.invert === true });
    this.lineStyle = undefined;
    const last = this.out[this.out.length - 1];
    if (runs === undefined && last?.type === 'text' && last.data.runs === undefined && sameStyle(last.data, style)) {
      last.data.text += `\n${text}`;
      return;
    }
    this.out.push({ type: 'text', data: { ...style, text, ...(runs ? { runs } : {}) } });
  }

  /** Prints a part line before something that is not text (Star prints its line buffer first too). */
  flush(state: StarTextState): void {
    if (this.pending) this.endLine(state);
  }
}

function styleOf(state: StarTextState): TextData {
  const style: TextData = { text: '', align: state.align };
  if (state.bold) style.bold = true;
  if (state.underline) style.underline = 1;
  if (state.invert) style.invert = true;
  if (state.font !== 'a') style.font = state.font;
  if (state.width !== 1 || state.height !== 1) style.size = { width: state.width, height: state.height };
  return style;
}

function sameStyle(a: TextData, b: TextData): boolean {
  return (
    a.align === b.align &&
    a.bold === b.bold &&
    a.underline === b.underline &&
    a.invert === b.invert &&
    a.font === b.font &&
    a.size?.width === b.size?.width &&
    a.size?.height === b.size?.height
  );
}
