import type { Align, PrintCommand, TextData } from '../../../shared/document/types';
import { LineRuns } from '../../../shared/document/line-runs';
import type { DoorBudget } from '../encoding/door-budget';
import { LINE_DOTS } from '../encoding/job-budget';
import { boolAttr, intAttr, oneOfAttr } from './epos-errors';
import type { XmlElement } from './epos-xml';

/** Dots across of one character of font A / B at width 1 (Epson's 12×24 and 9×17 fonts). */
const CHAR_DOTS = { a: 12, b: 9 } as const;

export interface TextStyle {
  font: 'a' | 'b';
  width: number;
  height: number;
  invert: boolean;
  underline: boolean;
  bold: boolean;
  align: Align;
}

export const INITIAL_TEXT_STYLE: TextStyle = { font: 'a', width: 1, height: 1, invert: false, underline: false, bold: false, align: 'left' };

/**
 * A `<text>` element's attributes onto the style in force (they last until changed); its `x`, a horizontal position
 * in dots, is returned for the caller to move to. `lang`, `smooth`, `color` and `rotate` are accepted and left to the
 * printer's defaults; `linespc` is returned for page mode, which spaces its lines by it.
 */
export function applyTextAttributes(style: TextStyle, element: XmlElement): { x?: number; linespc?: number } {
  const { attributes } = element;
  const font = oneOfAttr('text', attributes, 'font', ['font_a', 'font_b', 'font_c', 'font_d', 'font_e', 'special_a', 'special_b'] as const);
  if (font !== undefined) style.font = font === 'font_a' || font === 'special_a' ? 'a' : 'b';
  const width = intAttr('text', attributes, 'width', 1, 8);
  const height = intAttr('text', attributes, 'height', 1, 8);
  if (width !== undefined) style.width = width;
  if (height !== undefined) style.height = height;
  if (boolAttr('text', attributes, 'dw')) style.width = 2;
  if (boolAttr('text', attributes, 'dh')) style.height = 2;
  style.invert = boolAttr('text', attributes, 'reverse') ?? style.invert;
  style.underline = boolAttr('text', attributes, 'ul') ?? style.underline;
  style.bold = boolAttr('text', attributes, 'em') ?? style.bold;
  const align = oneOfAttr('text', attributes, 'align', ['left', 'center', 'right'] as const);
  if (align !== undefined) style.align = align;
  oneOfAttr('text', attributes, 'smooth', ['true', 'false', '1', '0'] as const);
  oneOfAttr('text', attributes, 'color', ['none', 'color_1', 'color_2', 'color_3', 'color_4'] as const);
  const linespc = intAttr('text', attributes, 'linespc', 0, 255);
  const x = intAttr('text', attributes, 'x', 0, 65_535);
  return { ...(x !== undefined ? { x } : {}), ...(linespc !== undefined ? { linespc } : {}) };
}

/**
 * ePOS text is a stream: `<text>` elements set attributes that last until changed (`<text em="true"/>`) and add
 * characters; a line ends at a newline (`&#10;`) or where another kind of element (a feed, an image, a cut) comes.
 * Each line becomes one text command in the size, font and alignment it started with; a bold, underlined or
 * reversed word inside it keeps its own style as one of the command's runs. `x` (a horizontal position in dots)
 * becomes spaces. Each line claims its paper (at least a line's pitch) from the request's budget as it ends, so a
 * text of millions of lines is refused at the most a job may feed rather than turned into millions of commands.
 */
export class TextStream {
  private style: TextStyle = { ...INITIAL_TEXT_STYLE };
  private readonly line = new LineRuns();
  private lineStyle: TextStyle | undefined;

  constructor(
    private readonly out: PrintCommand[],
    private readonly budget: DoorBudget,
  ) {}

  add(element: XmlElement): void {
    const { x } = applyTextAttributes(this.style, element);
    if (x !== undefined) this.moveTo(x);
    this.write(element.text);
  }

  /** The alignment in force: pictures, barcodes and symbols follow it as the printer's ESC a would. */
  currentAlign(): Align {
    return this.style.align;
  }

  /** A horizontal position in dots on the current line, as spaces (never backwards). */
  moveTo(x: number): void {
    const charDots = CHAR_DOTS[this.style.font] * this.style.width;
    const column = Math.floor(x / charDots);
    if (column > this.line.text.length) this.write(' '.repeat(Math.min(column - this.line.text.length, 255)));
  }

  /** Ends a line left open (another kind of element comes next); true when there was one. */
  endLine(): boolean {
    if (this.lineStyle === undefined) return false;
    this.emit();
    return true;
  }

  private write(raw: string): void {
    const text = raw.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
    this.budget.checkLines(text, LINE_DOTS, '<text>');
    for (let from = 0; ; ) {
      const end = text.indexOf('\n', from);
      const part = text.slice(from, end === -1 ? undefined : end);
      if (part !== '') {
        this.lineStyle ??= { ...this.style };
        this.line.add(part, this.style);
      }
      if (end === -1) return;
      this.emit();
      from = end + 1;
    }
  }

  private emit(): void {
    this.budget.claimPaper(LINE_DOTS, '<text>');
    const style = this.lineStyle ?? this.style;
    const { text, runs } = this.line.take(style);
    this.lineStyle = undefined;
    if (text.trim() === '') {
      this.out.push({ type: 'feed', data: { lines: 1 } });
      return;
    }
    const data: TextData = { text, align: style.align };
    if (style.bold) data.bold = true;
    if (style.underline) data.underline = 1;
    if (style.invert) data.invert = true;
    if (style.font !== 'a') data.font = style.font;
    if (style.width !== 1 || style.height !== 1) data.size = { width: style.width, height: style.height };
    if (runs) data.runs = runs;
    this.out.push({ type: 'text', data });
  }
}
