import type { Align, BarcodeData, ErrorCorrection, QrData, Symbology } from '../../../../shared/document/types';
import { columnLine, fixedWidthText, type TextStyle } from './markup-layout';
import { boundedInt, dotsOf, hasParam, paramValue, parseTag, switchOf, type MarkupTag } from './markup-tags';

/**
 * Star Document Markup (`text/vnd.star.markup`) read into printable items. Written from Star's "Star Document Markup"
 * reference (syntax, escapes, tags) as CloudPRNT servers and the WooCommerce plugin write it; cputil is Star's own
 * renderer. Tags Ticketera has no equivalent for (`[invert]` upside-down, `[upperline]`, `[logo]`, templates,
 * `[linespacing]`) are read and left out; the text around them prints. A style change in the middle of a line
 * starts a new printed line: a print document's text block has one style.
 */
export type MarkupItem =
  | { kind: 'text'; text: string; style: TextStyle; align: Align }
  | { kind: 'blank' }
  | { kind: 'feed'; lines: number }
  | { kind: 'barcode'; data: BarcodeData }
  | { kind: 'qr'; data: QrData }
  | { kind: 'image'; url: string; widthDots: number | undefined; align: Align }
  | { kind: 'cut'; partial: boolean }
  | { kind: 'drawer' }
  | { kind: 'buzzer'; times: number };

export interface MarkupPaper {
  dots: number;
  dotsPerMm: number;
}

/** Items one job may hold: far more than any receipt, few enough that a hostile document stays cheap. */
export const MAX_MARKUP_ITEMS = 5_000;
const NBSP = '\u00a0';
/** Dots of paper one text line feeds, for `[feed: length 10mm]`. */
const LINE_FEED_DOTS = 34;

const PLAIN: TextStyle = { bold: false, underline: false, negative: false, font: 'a', width: 1, height: 1 };

const SYMBOLOGY: Record<string, Symbology> = {
  code128: 'CODE128',
  code39: 'CODE39',
  ean13: 'EAN13',
  jan13: 'EAN13',
  ean8: 'EAN8',
  jan8: 'EAN8',
  upca: 'UPC_A',
  itf: 'ITF',
  nw7: 'CODABAR',
  codabar: 'CODABAR',
};

class MarkupReader {
  readonly items: MarkupItem[] = [];
  private style: TextStyle = { ...PLAIN };
  private align: Align = 'left';
  private line = '';
  private lineStyle: TextStyle = { ...PLAIN };
  private lineAlign: Align = 'left';
  /** Something was printed on this source line (a block or text): its newline adds no blank line. */
  private lineHadBlock = false;

  constructor(private readonly paper: MarkupPaper) {}

  text(characters: string): void {
    if (this.line === '') {
      this.lineStyle = { ...this.style };
      this.lineAlign = this.align;
    }
    this.line += characters;
  }

  newline(): void {
    const had = this.flushText();
    if (!had && !this.lineHadBlock) this.push({ kind: 'blank' });
    this.lineHadBlock = false;
  }

  end(): void {
    this.flushText();
  }

  /** The current line's text as one item; whether there was any. */
  private flushText(): boolean {
    // Ordinary spaces collapse as in HTML (the reference's word wrap); escaped ones (NBSP here) are kept.
    const text = this.line.replace(/ +/g, ' ').replace(/^ | $/g, '').replaceAll(NBSP, ' ');
    this.line = '';
    if (text === '') return false;
    this.push({ kind: 'text', text, style: this.lineStyle, align: this.lineAlign });
    return true;
  }

  private block(item: MarkupItem): void {
    if (this.flushText()) this.lineHadBlock = true;
    this.push(item);
    this.lineHadBlock = true;
  }

  private push(item: MarkupItem): void {
    if (this.items.length >= MAX_MARKUP_ITEMS) throw new Error(`the markup holds more than ${MAX_MARKUP_ITEMS} lines and blocks`);
    this.items.push(item);
  }

  private restyle(change: Partial<TextStyle>): void {
    const next = { ...this.style, ...change };
    if (this.line.trim() !== '' && JSON.stringify(next) !== JSON.stringify(this.lineStyle)) {
      this.flushText();
      this.lineHadBlock = true;
    }
    this.style = next;
  }

  tag(tag: MarkupTag): void {
    switch (tag.name) {
      case 'align': {
        const value = tag.rest.toLowerCase();
        this.align = value === 'center' || value === 'centre' || value === 'middle' ? 'center' : value === 'right' ? 'right' : 'left';
        if (this.line.trim() === '') this.lineAlign = this.align;
        return;
      }
      case 'bold':
        return this.restyle({ bold: switchOf(tag) });
      case 'underline':
        return this.restyle({ underline: switchOf(tag) });
      case 'negative':
        return this.restyle({ negative: switchOf(tag) });
      case 'font':
        return this.restyle({ font: tag.rest.trim().toLowerCase() === 'b' ? 'b' : 'a', width: 1, height: 1 });
      case 'magnify':
        return this.restyle({ width: boundedInt(paramValue(tag, 'width'), 1, 6, 1), height: boundedInt(paramValue(tag, 'height'), 1, 6, 1) });
      case 'plain':
        return this.restyle({ ...PLAIN });
      case 'space':
        return this.text(NBSP.repeat(boundedInt(paramValue(tag, 'count') ?? tag.rest, 0, 256, 1)));
      case 'fixedwidth':
        return this.text(fixedWidthText(tag, this.style, this.paper).replaceAll(' ', NBSP));
      case 'column':
        return this.column(tag);
      case 'feed':
        return this.block({ kind: 'feed', lines: this.feedLines(tag) });
      case 'cut':
        return this.block({ kind: 'cut', partial: hasParam(tag, 'partial') });
      case 'drawer':
        return this.block({ kind: 'drawer' });
      case 'buzzer':
        return this.block({ kind: 'buzzer', times: boundedInt(paramValue(tag, 'count') ?? tag.rest, 1, 9, 1) });
      case 'image':
        return this.image(tag);
      case 'barcode':
        return this.barcode(tag);
      case 'qrcode':
        return this.qr(tag);
      default:
        // invert (upside-down), upperline, logo, linespacing, comments, templates: nothing Ticketera prints.
        return;
    }
  }

  private column(tag: MarkupTag): void {
    if (tag.params.length === 0 || (paramValue(tag, 'left') === undefined && paramValue(tag, 'right') === undefined)) return;
    this.flushText();
    for (const text of columnLine(tag, this.style, this.paper)) this.push({ kind: 'text', text, style: { ...this.style }, align: 'left' });
    this.lineHadBlock = true;
  }

  private feedLines(tag: MarkupTag): number {
    const length = dotsOf(paramValue(tag, 'length'), this.paper.dots, this.paper.dotsPerMm);
    if (length !== undefined) return Math.min(255, Math.max(1, Math.round(length / LINE_FEED_DOTS)));
    return boundedInt(tag.rest, 1, 255, 1);
  }

  private image(tag: MarkupTag): void {
    const url = paramValue(tag, 'url');
    if (!url) return;
    const width = dotsOf(paramValue(tag, 'width'), this.paper.dots, this.paper.dotsPerMm);
    const minWidth = dotsOf(paramValue(tag, 'min-width'), this.paper.dots, this.paper.dotsPerMm) ?? 0;
    const widthDots = width === undefined ? undefined : Math.min(this.paper.dots, Math.max(8, width, minWidth));
    this.block({ kind: 'image', url, widthDots, align: this.align });
  }

  private barcode(tag: MarkupTag): void {
    const type = (paramValue(tag, 'type') ?? 'code128').toLowerCase();
    const data = paramValue(tag, 'data') ?? '';
    if (!data) return;
    if (type === 'qrcode' || type === 'qr') return this.qr(tag);
    const symbology = SYMBOLOGY[type];
    if (!symbology) throw new Error(`barcode type "${type.slice(0, 20)}" is not supported`);
    const height = dotsOf(paramValue(tag, 'height'), this.paper.dots, this.paper.dotsPerMm);
    this.block({
      kind: 'barcode',
      data: {
        data: data.slice(0, 253),
        symbology,
        ...(height !== undefined ? { height: Math.min(255, Math.max(1, height)) } : {}),
        width: boundedInt(paramValue(tag, 'module'), 2, 6, 2),
        hri: hasParam(tag, 'hri') ? 'below' : 'none',
        align: this.align,
      },
    });
  }

  private qr(tag: MarkupTag): void {
    const data = paramValue(tag, 'data') ?? '';
    if (!data) return;
    const level = (paramValue(tag, 'level') ?? 'm').toUpperCase();
    this.block({
      kind: 'qr',
      data: {
        data: data.slice(0, 7089),
        size: boundedInt(paramValue(tag, 'cell') ?? paramValue(tag, 'module'), 1, 16, 6),
        error_correction: (['L', 'M', 'Q', 'H'].includes(level) ? level : 'M') as ErrorCorrection,
        align: this.align,
      },
    });
  }
}

/** The markup's items in order. Throws Error with a readable reason for markup it cannot print. */
export function parseMarkup(source: string, paper: MarkupPaper): MarkupItem[] {
  const reader = new MarkupReader(paper);
  for (let at = 0; at < source.length; at++) {
    const character = source[at] as string;
    if (character === '\\') {
      const next = source[at + 1];
      if (next === '\n' || (next === '\r' && source[at + 2] === '\n')) {
        at += next === '\r' ? 2 : 1; // joins the lines
      } else if (next === ' ' || next === '[' || next === ']' || next === '\\') {
        reader.text(next === ' ' ? NBSP : next);
        at += 1;
      } else reader.text('\\');
    } else if (character === '[') {
      const close = source.indexOf(']', at + 1);
      if (close < 0) {
        reader.text(source.slice(at));
        break;
      }
      reader.tag(parseTag(source.slice(at + 1, close)));
      at = close;
    } else if (character === '\n') reader.newline();
    else if (character !== '\r') reader.text(character === '\t' ? ' ' : character);
  }
  reader.end();
  return reader.items;
}
