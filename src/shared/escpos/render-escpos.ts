import { bytesText, DEFAULT_JOB_LIMITS, metresOf } from '../document/job-limits';
import { previewBounds } from './preview-bounds';
import { hriParts, type HriPart } from './barcode-hri';
import { barcodeSymbol } from './barcodes/barcode-symbol';
import { profileFor } from '../printer-profiles/find-profile';
import { GENERIC_PROFILE } from '../printer-profiles/profiles';
import { codePageByEscT, decodeByte, DEFAULT_CODE_PAGE } from './code-page-lookup';
import type { CodePage } from './code-pages';
import { drawString, type CharStyle } from './draw-text';
import { FONT_A, FONT_B } from './font';
import { BAND_DOTS, barsWidth, DEFAULT_LINE_SPACING, drawBars, drawKnifeLine, drawLabelBand, drawQrSymbol, KNIFE_LINE_DOTS, TextLine } from './preview-marks';
import { tokenize, type EscPosToken } from './parse-escpos';
import { Paper, type Raster } from './raster';
import { DEFAULT_MARK_TEXTS, markText, type MarkTexts } from './mark-texts';

/** Things the paper cannot show by itself, also drawn as labelled bands so nobody misses them. */
export interface PreviewEvent {
  kind: 'cut' | 'partial-cut' | 'beep' | 'drawer' | 'unknown' | 'not-previewed' | 'truncated';
  /** Dot row where the band starts. */
  y: number;
  detail: string;
}

/** The dot rows a document's command printed: `index` is the command's place in the document. */
export interface PreviewBlock {
  index: number;
  top: number;
  bottom: number;
}

export interface Preview extends Raster {
  events: PreviewEvent[];
  /** One per `blockStarts` offset the preview reached, in order (empty when none were given). */
  blocks: PreviewBlock[];
}

export interface RenderOptions {
  /** Printable width in dots: 384 (58 mm) or 576 (80 mm). */
  width: number;
  /** Dot rows drawn at most; past them the preview ends with a `truncated` band (default: see previewBounds). */
  maxHeight?: number;
  /** Bytes interpreted at most; the rest is left out and marked the same way. */
  maxBytes?: number;
  /** Where each command's bytes begin (see encodeDocument): the preview tells which rows each one printed. */
  blockStarts?: readonly number[];
  /**
   * The printer profile's id, when the bytes were encoded for one: clones number their code pages their own way
   * (`ESC t 24` is Greek on one, nothing on another), and the preview must read them as that printer does.
   */
  model?: string;
  /** The words of the bands (see mark-texts): the window's language. */
  marks?: MarkTexts;
}


// In a module of its own so the service's main thread can use it without loading the renderer (fonts, QR, PNG).
export { previewBounds };

const DEFAULT_BOUNDS = previewBounds(DEFAULT_JOB_LIMITS);

const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;


/**
 * Renders ESC/POS bytes into the 1-bit picture a 203 dpi printer would print. Pure, browser-safe. Bounded: at most
 * `maxHeight` rows and `maxBytes` bytes are rendered, so 100k lines or a hostile raw stream cost megabytes, not
 * gigabytes; a preview cut short ends with a `truncated` band saying why.
 */
export function renderEscPos(bytes: Uint8Array, options: RenderOptions): Preview {
  const maxHeight = Math.max(1, options.maxHeight ?? DEFAULT_BOUNDS.maxHeight);
  const maxBytes = Math.max(0, options.maxBytes ?? DEFAULT_BOUNDS.maxBytes);
  const starts = options.blockStarts ?? [];
  const pages = codePagesOf(options.model);
  const marks = options.marks ?? DEFAULT_MARK_TEXTS;
  if (bytes.length <= maxBytes) return new Interpreter(bytes, options.width, maxHeight, starts, pages, marks).run();
  return new Interpreter(bytes.subarray(0, maxBytes), options.width, maxHeight, starts, pages, marks).run(markText(marks.endsAtBytes, { size: bytesText(maxBytes) }));
}

/** `ESC t n` → page, in the numbering of the profile's printer (Epson's for the generic profile and raw bytes). */
function codePagesOf(model: string | undefined): (n: number) => CodePage | undefined {
  const profile = model === undefined ? undefined : profileFor(model);
  if (!profile || profile === GENERIC_PROFILE) return codePageByEscT;
  return (n) => profile.codePages.find((entry) => entry.escT === n)?.page;
}

class Interpreter {
  private readonly paper: Paper;
  private readonly events: PreviewEvent[] = [];
  private y = 0;
  private style!: CharStyle;
  private align = 0;
  private codePage: CodePage = DEFAULT_CODE_PAGE;
  private lineSpacing = DEFAULT_LINE_SPACING;
  private hriPosition = 0;
  private hriFontB = false;
  private barcodeHeight = 162;
  private barcodeModule = 3;
  private qrModule = 3;
  private qrLevel: (typeof QR_LEVELS)[number] = 'L';
  private qrData: Uint8Array = new Uint8Array(0);
  private readonly line = new TextLine();
  /** Where a cut-short preview's `truncated` band begins: no block reaches past it. */
  private stoppedAt: number | undefined;
  /** The row where each block reached so far began. */
  private readonly blockTops: number[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly width: number,
    private readonly maxHeight: number,
    private readonly blockStarts: readonly number[],
    private readonly codePageOf: (n: number) => CodePage | undefined,
    private readonly marks: MarkTexts,
  ) {
    this.paper = new Paper(width, maxHeight + BAND_DOTS);
    this.reset();
  }

  /** `bytesLeftOut`: the band's text when the bytes given are only the first part of the job's. */
  run(bytesLeftOut?: string): Preview {
    const tooLong = markText(this.marks.endsAtPaper, { metres: String(metresOf(this.maxHeight)).replace('.', this.marks.decimal) });
    let ended = false;
    for (const token of tokenize(this.bytes)) {
      this.enterBlocks(token.start);
      this.apply(token);
      if (this.y > this.maxHeight) {
        this.stop(tooLong);
        ended = true;
        break;
      }
    }
    if (!ended) {
      this.printLine(false);
      // Commands that wrote no bytes at the very end (none reached past a cut-short preview).
      if (this.y <= this.maxHeight && bytesLeftOut === undefined) this.enterBlocks(this.bytes.length);
      if (this.y > this.maxHeight) this.stop(tooLong);
      else if (bytesLeftOut !== undefined) this.stop(bytesLeftOut);
    }
    const blocks = this.blocksEndingAt(Math.min(this.stoppedAt ?? this.y, this.maxHeight));
    this.paper.reach(Math.max(1, this.y));
    return { ...this.paper.toRaster(), events: this.events, blocks };
  }

  /** Blocks whose first byte is at or before `offset` begin at the current row. */
  private enterBlocks(offset: number): void {
    while (this.blockTops.length < this.blockStarts.length && (this.blockStarts[this.blockTops.length] ?? Infinity) <= offset) {
      this.blockTops.push(this.y);
    }
  }

  /** Each block ends where the next begins; the last one where the drawing ended. */
  private blocksEndingAt(end: number): PreviewBlock[] {
    return this.blockTops.map((top, index) => {
      const next = this.blockTops[index + 1] ?? end;
      return { index, top: Math.min(top, end), bottom: Math.min(Math.max(next, top), end) };
    });
  }

  /** Ends the preview at `maxHeight` at the latest, with a band saying why; later bytes are not drawn. */
  private stop(detail: string): void {
    this.line.clear();
    this.y = Math.min(this.y, this.maxHeight);
    this.stoppedAt = this.y;
    // Ink a tall command left below this point would show under the band: clear it.
    this.paper.fill(0, this.y, this.width, BAND_DOTS, 0);
    this.band('truncated', detail);
  }

  private reset(): void {
    this.style = { font: FONT_A, bold: false, underline: 0, invert: false, widthScale: 1, heightScale: 1 };
    this.align = 0;
    this.codePage = DEFAULT_CODE_PAGE;
    this.lineSpacing = DEFAULT_LINE_SPACING;
    this.hriPosition = 0;
    this.hriFontB = false;
    this.barcodeHeight = 162;
    this.barcodeModule = 3;
    this.qrModule = 3;
    this.qrLevel = 'L';
    // ESC @ also empties the print buffer: a half-built line is lost on paper too.
    this.line.clear();
  }

  private arg(token: EscPosToken, offset: number): number {
    return this.bytes[token.start + offset] ?? 0;
  }

  private apply(token: EscPosToken): void {
    if (token.kind === 'text') {
      // A run of text may hold the end of one command and the start of the next.
      for (let at = token.start; at < token.end; at++) {
        if (at > token.start) this.enterBlocks(at);
        this.addChar(decodeByte(this.codePage, this.bytes[at] ?? 0x3f));
      }
      return;
    }
    const n = this.arg(token, 2);
    switch (token.name) {
      case 'LF':
      case 'FF':
        return this.printLine(true);
      case 'CR':
      case 'CAN':
        return;
      case 'HT': {
        const tab = this.style.font.cellWidth * 8;
        const next = (Math.floor(this.line.width / tab) + 1) * tab;
        if (next <= this.width) this.line.width = next;
        return;
      }
      case 'ESC @':
        return this.reset();
      case 'ESC !':
        this.style = {
          ...this.style,
          font: n & 1 ? FONT_B : FONT_A,
          bold: (n & 8) !== 0,
          heightScale: n & 16 ? 2 : 1,
          widthScale: n & 32 ? 2 : 1,
          underline: n & 128 ? 1 : 0,
        };
        return;
      case 'ESC -':
        this.style = { ...this.style, underline: (n % 48) as 0 | 1 | 2 };
        return;
      case 'ESC E':
      case 'ESC G':
        this.style = { ...this.style, bold: (n & 1) === 1 };
        return;
      case 'ESC M':
        this.style = { ...this.style, font: n % 48 === 1 ? FONT_B : FONT_A };
        return;
      case 'GS !':
        this.style = { ...this.style, widthScale: ((n >> 4) & 7) + 1, heightScale: (n & 7) + 1 };
        return;
      case 'GS B':
        this.style = { ...this.style, invert: (n & 1) === 1 };
        return;
      case 'ESC a':
        this.align = n % 48;
        return;
      case 'ESC t':
        return this.selectCodePage(n, token);
      case 'ESC 2':
        this.lineSpacing = DEFAULT_LINE_SPACING;
        return;
      case 'ESC 3':
        this.lineSpacing = n;
        return;
      case 'ESC d':
        this.printLine(false);
        this.y += n * this.lineSpacing;
        return;
      case 'ESC J':
        this.printLine(false);
        this.y += n;
        return;
      case 'GS H':
        this.hriPosition = n % 48;
        return;
      case 'GS f':
        this.hriFontB = n % 48 === 1;
        return;
      case 'GS h':
        // 1..255; printers ignore 0, and a bar code that feeds no paper could repeat without end.
        if (n > 0) this.barcodeHeight = n;
        return;
      case 'GS w':
        this.barcodeModule = n;
        return;
      case 'GS k':
        return this.barcode(token);
      case 'GS ( k':
        return this.symbol(token);
      case 'GS v 0':
        return this.rasterImage(token);
      case 'GS V':
        return this.cut(token);
      case 'ESC p':
        return this.band('drawer', markText(this.marks.drawer, { pin: n % 48 === 1 ? 5 : 2 }));
      case 'DLE DC4 1':
        return this.band('drawer', markText(this.marks.drawer, { pin: this.arg(token, 3) === 1 ? 5 : 2 }));
      case 'ESC B':
        return this.band('beep', markText(this.marks.beepTimes, { times: n, how: this.arg(token, 3) }));
      case 'ESC ( A':
        return this.band('beep', this.marks.beep);
      default:
        if (token.effect === 'unknown') return this.band('unknown', markText(this.marks.unknown, { bytes: hexOf(this.bytes, token) }));
        if (['ESC *', 'GS *', 'FS p', 'GS ( L', 'GS 8 L', 'FS q', 'ESC &'].includes(token.name)) {
          return this.band('not-previewed', markText(this.marks.notPreviewed, { what: `${token.name} (${token.end - token.start} bytes)` }));
        }
      // Status requests, margins, speeds…: nothing on paper.
    }
  }

  private selectCodePage(n: number, token: EscPosToken): void {
    const page = this.codePageOf(n);
    if (page) this.codePage = page;
    else this.band('not-previewed', `${markText(this.marks.codePageNotPreviewed, { command: `ESC t ${n}` })} (${hexOf(this.bytes, token)})`);
  }

  private addChar(char: string): void {
    if (this.line.width + this.style.font.cellWidth * this.style.widthScale > this.width) this.printLine(true);
    this.line.add(char, this.style, this.align);
  }

  /** Prints the buffered line; `feed` also moves on when the line is empty (a bare LF). */
  private printLine(feed: boolean): void {
    if (this.line.empty) {
      if (feed) this.y += this.lineSpacing;
      return;
    }
    this.y += Math.max(this.line.draw(this.paper, this.width, this.y), this.lineSpacing);
  }

  private alignedX(width: number): number {
    if (this.align === 1) return Math.max(0, Math.floor((this.width - width) / 2));
    if (this.align === 2) return Math.max(0, this.width - width);
    return 0;
  }

  private rasterImage(token: EscPosToken): void {
    this.printLine(false);
    const mode = this.arg(token, 3) % 48;
    const bytesWide = this.arg(token, 4) + this.arg(token, 5) * 256;
    const rows = this.arg(token, 6) + this.arg(token, 7) * 256;
    const scaleX = mode & 1 ? 2 : 1;
    const scaleY = mode & 2 ? 2 : 1;
    const left = this.alignedX(bytesWide * 8 * scaleX);
    const data = token.start + 8;
    this.paper.reach(this.y + rows * scaleY);
    // Only what lands on the paper is drawn: the header may claim 65535×65535 bytes over a few bytes of data.
    const drawnRows = Math.min(rows, Math.max(0, Math.ceil((this.paper.maxRows - this.y) / scaleY)));
    const drawnColumns = Math.min(bytesWide, Math.max(0, Math.ceil((this.width - left) / (8 * scaleX))));
    for (let row = 0; row < drawnRows; row++) {
      for (let dy = 0; dy < scaleY; dy++) {
        const line = this.paper.row(this.y + row * scaleY + dy);
        for (let column = 0; column < drawnColumns; column++) {
          const byte = this.bytes[data + row * bytesWide + column] ?? 0;
          if (byte === 0) continue;
          for (let bit = 0; bit < 8; bit++) {
            if (!(byte & (0x80 >> bit))) continue;
            const x = left + (column * 8 + bit) * scaleX;
            for (let dx = 0; dx < scaleX; dx++) if (x + dx < line.length) line[x + dx] = 1;
          }
        }
      }
    }
    this.y += rows * scaleY;
  }

  private symbol(token: EscPosToken): void {
    const cn = this.arg(token, 5);
    const fn = this.arg(token, 6);
    if (cn !== 0x31) {
      if (fn === 0x51) this.band('not-previewed', markText(this.marks.symbolNotPreviewed, { cn }));
      return;
    }
    const parameter = this.arg(token, 7);
    // Module size 1..16, as printers accept; others are ignored (a 0-dot QR would cost time and feed nothing).
    if (fn === 0x43 && parameter >= 1 && parameter <= 16) this.qrModule = parameter;
    else if (fn === 0x45) this.qrLevel = QR_LEVELS[parameter - 48] ?? 'L';
    else if (fn === 0x50) this.qrData = this.bytes.slice(token.start + 8, token.end);
    else if (fn === 0x51) this.printQr();
  }

  private printQr(): void {
    this.printLine(false);
    try {
      this.y += drawQrSymbol(this.paper, this.qrData, this.qrLevel, this.qrModule, { left: (size) => this.alignedX(size), top: this.y });
    } catch (error) {
      this.band('unknown', `QR not printable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private barcode(token: EscPosToken): void {
    this.printLine(false);
    const m = this.arg(token, 2);
    const data = m <= 6 ? this.bytes.slice(token.start + 3, token.end - 1) : this.bytes.slice(token.start + 4, token.end);
    let symbol;
    try {
      symbol = barcodeSymbol(m, data);
    } catch (error) {
      this.band('unknown', `BARCODE not printable: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const total = barsWidth(symbol.runs, this.barcodeModule);
    if (total > this.width) {
      this.band('unknown', `BARCODE ${total} dots wide does not fit ${this.width}`);
      return;
    }
    const hriStyle: CharStyle = { font: this.hriFontB ? FONT_B : FONT_A, bold: false, underline: 0, invert: false, widthScale: 1, heightScale: 1 };
    const parts = this.hriPosition === 0 ? undefined : groupedHri(m, symbol.hri, hriStyle, this.barcodeModule);
    // Digits printed in the quiet zones take room beside the bars, as on paper.
    const before = parts?.some((part) => part.place === 'before') ? hriStyle.font.cellWidth + HRI_GAP : 0;
    const after = parts?.some((part) => part.place === 'after') ? hriStyle.font.cellWidth + HRI_GAP : 0;
    const left = Math.max(0, Math.min(this.width - total, this.alignedX(before + total + after) + before));
    if (this.hriPosition === 1 || this.hriPosition === 3) this.hri(symbol.hri, parts, hriStyle, left, total);
    drawBars(this.paper, symbol.runs, this.barcodeModule, left, this.y, this.barcodeHeight);
    this.y += this.barcodeHeight;
    this.paper.reach(this.y);
    if (this.hriPosition === 2 || this.hriPosition === 3) this.hri(symbol.hri, parts, hriStyle, left, total);
  }

  /** The human-readable line: EAN/UPC digits in their groups (`parts`), any other symbology's text centred. */
  private hri(text: string, parts: HriPart[] | undefined, style: CharStyle, left: number, width: number): void {
    const widthOf = (chars: string): number => chars.length * style.font.cellWidth;
    if (!parts) drawString(this.paper, text, style, left + Math.floor((width - widthOf(text)) / 2), this.y);
    for (const part of parts ?? []) {
      const x =
        part.place === 'before'
          ? Math.max(0, left - HRI_GAP - widthOf(part.text))
          : part.place === 'after'
            ? left + width + HRI_GAP
            : left + Math.floor(((part.fromModule + part.toModule) * this.barcodeModule - widthOf(part.text)) / 2);
      drawString(this.paper, part.text, style, x, this.y);
    }
    this.y += style.font.cellHeight;
  }

  private cut(token: EscPosToken): void {
    this.printLine(false);
    const mode = this.arg(token, 2);
    if (mode === 65 || mode === 66 || mode === 97 || mode === 98) this.y += this.arg(token, 3);
    const partial = mode % 2 === 1 || mode === 66 || mode === 98;
    // Dashed line where the knife goes, then the label band.
    drawKnifeLine(this.paper, this.width, this.y);
    this.y += KNIFE_LINE_DOTS;
    this.band(partial ? 'partial-cut' : 'cut', partial ? this.marks.partialCut : this.marks.cut);
  }

  /** A labelled band (see drawLabelBand), recorded as an event the window lists. */
  private band(kind: PreviewEvent['kind'], detail: string): void {
    this.printLine(false);
    this.events.push({ kind, y: this.y, detail });
    drawLabelBand(this.paper, this.width, this.y, detail);
    this.y += BAND_DOTS;
  }
}

/** Dots between the bars and a digit printed in the quiet zone beside them. */
const HRI_GAP = 4;

/** EAN/UPC digit groups, when each group fits under its half of the bars (narrow modules get one centred line). */
function groupedHri(m: number, hri: string, style: CharStyle, module: number): HriPart[] | undefined {
  const parts = hriParts(m, hri);
  const fits = parts?.every((part) => (part.place === 'under' ? part.text.length * style.font.cellWidth <= (part.toModule - part.fromModule) * module : true));
  return fits ? parts : undefined;
}

function hexOf(bytes: Uint8Array, token: EscPosToken): string {
  const shown = Array.from(bytes.subarray(token.start, Math.min(token.end, token.start + 12)), (byte) => byte.toString(16).padStart(2, '0'));
  return `${shown.join(' ').toUpperCase()}${token.end - token.start > 12 ? ' …' : ''}`;
}
