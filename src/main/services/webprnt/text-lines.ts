import { LineRuns } from '../../../shared/document/line-runs';
import type { Align, FontName, PrintCommand, TextData } from '../../../shared/document/types';
import type { DoorBudget } from '../encoding/door-budget';
import { LINE_DOTS } from '../encoding/job-budget';
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
const TAB_SPACES = ' '.repeat(TAB_STOP);
/** Work (door-budget units) a tab takes, turned into spaces. */
const TAB_WORK = 100;

/**
 * Text arrives in pieces that end lines only at `\n` (the builder's `\x0a`). Pieces collect into the current line,
 * which takes the size, font and alignment of its first piece that shows something; a piece in another weight,
 * underline or inversion (a bold "TOTAL" followed by a plain amount) keeps its own as a run of the line's command.
 * Consecutive lines of one style and alignment, without runs, become one command. Text is taken a line at a time
 * (never a character at a time: a request may hold megabytes of it), and each line claims its paper from the
 * request's budget as it ends.
 */
export class TextLines {
  private readonly line = new LineRuns();
  /** Characters in the current line so far: where its tab stops fall. */
  private length = 0;
  private lineStyle: TextData | undefined;

  constructor(
    private readonly out: PrintCommand[],
    private readonly budget: DoorBudget,
  ) {}

  /** Whether part of a line is waiting for its end. */
  get pending(): boolean {
    return this.length > 0;
  }

  add(text: string, state: StarTextState): void {
    const clean = text.replace(/\r/g, '');
    this.budget.checkLines(clean, LINE_DOTS, '<text>');
    for (let from = 0; ; ) {
      const end = clean.indexOf('\n', from);
      this.addToLine(clean.slice(from, end === -1 ? undefined : end), state);
      if (end === -1) return;
      this.endLine(state);
      from = end + 1;
    }
  }

  /** Part of a line: its tabs as spaces to the next stop; the first that shows something sets the line's style. */
  private addToLine(piece: string, state: StarTextState): void {
    if (piece === '') return;
    if (this.lineStyle === undefined && /[^ \t]/.test(piece)) this.lineStyle = styleOf(state);
    let expanded = '';
    let from = 0;
    for (let tab = piece.indexOf('\t'); tab !== -1; tab = piece.indexOf('\t', from)) {
      this.budget.claimWork(TAB_WORK, '<text> tabs');
      const before = piece.slice(from, tab);
      const column = this.length + expanded.length + before.length;
      expanded += before + TAB_SPACES.slice(column % TAB_STOP);
      from = tab + 1;
    }
    expanded += piece.slice(from);
    this.length += expanded.length;
    this.line.add(expanded, state);
  }

  /** Ends the current line (printing a blank one when nothing is waiting). */
  endLine(state: StarTextState): void {
    this.budget.claimPaper(LINE_DOTS, '<text>');
    const style = this.lineStyle ?? styleOf(state);
    const { text, runs } = this.line.take({ bold: style.bold === true, underline: style.underline === 1, invert: style.invert === true });
    this.length = 0;
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
