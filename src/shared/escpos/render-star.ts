import { DEFAULT_JOB_LIMITS } from '../document/job-limits';
import { profileFor } from '../printer-profiles/find-profile';
import type { ProfileCodePage } from '../printer-profiles/printer-profile';
import { GENERIC_STAR_PROFILE } from '../printer-profiles/profiles';
import { barcodeSymbol, code128InSetB, GS_K } from './barcodes/barcode-symbol';
import { decodeByte, DEFAULT_CODE_PAGE } from './code-page-lookup';
import type { CodePage } from './code-pages';
import { drawString, type CharStyle } from './draw-text';
import { FONT_A, FONT_B } from './font';
import { BAND_DOTS, barsWidth, DEFAULT_LINE_SPACING, drawBars, drawKnifeLine, drawLabelBand, drawQrSymbol, KNIFE_LINE_DOTS, TextLine } from './preview-marks';
import { Paper } from './raster';
import { previewBounds, type Preview, type PreviewBlock, type PreviewEvent, type RenderOptions } from './render-escpos';
import { DEFAULT_MARK_TEXTS, markText, type MarkTexts } from './mark-texts';

const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
/** ESC b's symbology byte (Star numbering, also sent as ASCII '0'..'8') → GS k's, which barcodeSymbol reads. */
const GS_K_OF_STAR = [GS_K.UPC_E, GS_K.UPC_A, GS_K.EAN8, GS_K.EAN13, GS_K.CODE39, GS_K.ITF, GS_K.CODE128, GS_K.CODE93, GS_K.CODABAR];

/** Line pitches in dots: ESC 0 sets 3 mm (one 24-dot stripe of ESC X graphics), ESC z 1 sets 4 mm. */
const STRIPE_LINE_DOTS = 24;
const FOUR_MM_LINE_DOTS = 32;

/**
 * Renders the Star Line Mode and StarPRNT bytes Ticketera sends (see src/main/services/encoding/star/star-bytes.ts)
 * into the same picture renderEscPos makes: text with alignment, bold, underline, inversion and sizes, QR codes,
 * bars, ESC X column graphics and ESC GS S raster graphics, line pitches, cuts, the drawer and the buzzer.
 * Bounded like renderEscPos; other ESC sequences get an `unknown` band.
 */
export function renderStar(bytes: Uint8Array, options: RenderOptions): Preview {
  const bounds = previewBounds(DEFAULT_JOB_LIMITS);
  const maxHeight = Math.max(1, options.maxHeight ?? bounds.maxHeight);
  const pages = profileFor(options.model ?? GENERIC_STAR_PROFILE.id).codePages;
  return new StarInterpreter(bytes.subarray(0, Math.max(0, options.maxBytes ?? bounds.maxBytes)), options.width, maxHeight, options.blockStarts ?? [], pages, options.marks ?? DEFAULT_MARK_TEXTS).run();
}

class StarInterpreter {
  private readonly paper: Paper;
  private readonly events: PreviewEvent[] = [];
  private readonly blockTops: number[] = [];
  private y = 0;
  private at = 0;
  private style: CharStyle = { font: FONT_A, bold: false, underline: 0, invert: false, widthScale: 1, heightScale: 1 };
  private align = 0;
  private page: CodePage = DEFAULT_CODE_PAGE;
  private readonly line = new TextLine();
  private qrCell = 3;
  private qrLevel: (typeof QR_LEVELS)[number] = 'L';
  private qrData = new Uint8Array(0);
  private lineSpacing = DEFAULT_LINE_SPACING;
  /** Where the next ESC X stripe of the current line starts; a stripe makes the line feed worth a line. */
  private graphicX = 0;
  private buzzerPulse = { on: 0, off: 0 };

  constructor(
    private readonly bytes: Uint8Array,
    private readonly width: number,
    private readonly maxHeight: number,
    private readonly blockStarts: readonly number[],
    private readonly pages: readonly ProfileCodePage[],
    private readonly marks: MarkTexts,
  ) {
    this.paper = new Paper(width, maxHeight + BAND_DOTS);
  }

  run(): Preview {
    while (this.at < this.bytes.length && this.y <= this.maxHeight) {
      this.enterBlocks(this.at);
      this.step();
    }
    this.printLine(false);
    if (this.y > this.maxHeight) {
      this.y = this.maxHeight;
      this.band('truncated', this.marks.endsAtJobPaper);
    } else {
      this.enterBlocks(this.bytes.length);
    }
    const end = Math.min(this.y, this.maxHeight + BAND_DOTS);
    const blocks: PreviewBlock[] = this.blockTops.map((top, index) => ({ index, top, bottom: Math.max(top, this.blockTops[index + 1] ?? end) }));
    this.paper.reach(Math.max(1, this.y));
    return { ...this.paper.toRaster(), events: this.events, blocks };
  }

  private enterBlocks(offset: number): void {
    while (this.blockTops.length < this.blockStarts.length && (this.blockStarts[this.blockTops.length] ?? Infinity) <= offset) this.blockTops.push(this.y);
  }

  private byte(offset: number): number {
    return this.bytes[this.at + offset] ?? 0;
  }

  /** Interprets the command or character at `at` and moves past it. */
  private step(): void {
    const first = this.byte(0);
    if (first === 0x0a) return this.advance(1, () => this.printLine(true));
    // BEL and FS (at once) drive external device 1, the drawer on pin 2; SUB and EM device 2, pin 5.
    if (first === 0x07 || first === 0x1c) return this.advance(1, () => this.band('drawer', markText(this.marks.drawer, { pin: 2 })));
    if (first === 0x1a || first === 0x19) return this.advance(1, () => this.band('drawer', markText(this.marks.drawer, { pin: 5 })));
    if (first !== 0x1b) return this.advance(1, () => this.addChar(first < 0x20 ? ' ' : decodeByte(this.page, first)));
    const second = this.byte(1);
    const n = this.byte(2);
    switch (second) {
      case 0x40:
        return this.advance(2, () => this.reset());
      case 0x45:
      case 0x46:
        return this.advance(2, () => (this.style = { ...this.style, bold: second === 0x45 }));
      case 0x34:
      case 0x35:
        return this.advance(2, () => (this.style = { ...this.style, invert: second === 0x34 }));
      case 0x2d:
        return this.advance(3, () => (this.style = { ...this.style, underline: n % 48 === 1 ? 1 : 0 }));
      case 0x69:
        return this.advance(4, () => (this.style = { ...this.style, heightScale: Math.min(6, n % 48) + 1, widthScale: Math.min(6, this.byte(3) % 48) + 1 }));
      case 0x61:
        return this.advance(3, () => {
          this.printLine(false);
          this.y += n * DEFAULT_LINE_SPACING;
        });
      case 0x64:
        return this.advance(3, () => this.cut(n % 48 === 1 || n % 48 === 3));
      case 0x30:
        return this.advance(2, () => (this.lineSpacing = STRIPE_LINE_DOTS));
      case 0x7a:
        return this.advance(3, () => {
          if (n % 48 === 1) this.lineSpacing = FOUR_MM_LINE_DOTS;
        });
      case 0x58:
        return this.columnStripe();
      case 0x62:
        return this.barcode();
      case 0x1e:
        if (this.byte(2) === 0x46) return this.advance(4, () => (this.style = { ...this.style, font: this.byte(3) % 48 === 1 ? FONT_B : FONT_A }));
        break;
      case 0x1d:
        return this.escGs();
    }
    this.advance(2, () => this.band('unknown', markText(this.marks.unknown, { bytes: `1B ${second.toString(16).padStart(2, '0').toUpperCase()}` })));
  }

  private escGs(): void {
    const command = this.byte(2);
    const n = this.byte(3);
    if (command === 0x61) return this.advance(4, () => (this.align = n % 48));
    if (command === 0x74) {
      return this.advance(4, () => {
        const page = this.pages.find((entry) => entry.escT === n)?.page;
        if (page) this.page = page;
        else this.band('not-previewed', markText(this.marks.codePageNotPreviewed, { command: `ESC GS t ${n}` }));
      });
    }
    if (command === 0x79) return this.qr();
    if (command === 0x53) return this.rasterBlock();
    if (command === 0x19) return this.buzzer();
    this.advance(3, () => this.band('unknown', markText(this.marks.unknown, { bytes: `1B 1D ${command.toString(16).padStart(2, '0').toUpperCase()}` })));
  }

  private qr(): void {
    const kind = this.byte(3);
    if (kind === 0x53) {
      const setting = this.byte(4);
      const n = this.byte(5);
      return this.advance(6, () => {
        if (setting === 0x31) this.qrLevel = QR_LEVELS[n] ?? 'L';
        if (setting === 0x32 && n >= 1 && n <= 8) this.qrCell = n;
      });
    }
    if (kind === 0x44) {
      const length = this.byte(6) + this.byte(7) * 256;
      this.qrData = this.bytes.slice(this.at + 8, this.at + 8 + length);
      this.at += 8 + length;
      return;
    }
    if (kind === 0x50) return this.advance(4, () => this.printQr());
    this.advance(4, () => this.band('unknown', this.marks.unknownQrSetting));
  }

  private advance(length: number, action: () => void): void {
    action();
    this.at += length;
  }

  private reset(): void {
    this.style = { font: FONT_A, bold: false, underline: 0, invert: false, widthScale: 1, heightScale: 1 };
    this.align = 0;
    this.lineSpacing = DEFAULT_LINE_SPACING;
    this.page = DEFAULT_CODE_PAGE;
    this.line.clear();
  }

  private addChar(char: string): void {
    if (this.line.width + this.style.font.cellWidth * this.style.widthScale > this.width) this.printLine(true);
    this.line.add(char, this.style, this.align);
  }

  private printLine(feed: boolean): void {
    const graphic = this.graphicX > 0;
    this.graphicX = 0;
    if (this.line.empty) {
      if (feed || graphic) this.y += this.lineSpacing;
      return;
    }
    this.y += Math.max(this.line.draw(this.paper, this.width, this.y), this.lineSpacing);
  }

  /** ESC X n1 n2 d…: a 24-dot stripe, 3 bytes a column (bit 7 of the first the top dot), printed with its line. */
  private columnStripe(): void {
    const columns = this.byte(2) + this.byte(3) * 256;
    const data = this.at + 4;
    const left = this.graphicX;
    const drawn = Math.max(0, Math.min(columns, this.width - left));
    this.paper.reach(this.y + STRIPE_LINE_DOTS);
    for (let row = 0; row < STRIPE_LINE_DOTS; row++) {
      const line = this.paper.row(this.y + row);
      const bit = 0x80 >> (row & 7);
      for (let column = 0; column < drawn; column++) {
        if ((this.bytes[data + column * 3 + (row >> 3)] ?? 0) & bit) line[left + column] = 1;
      }
    }
    this.graphicX = Math.max(1, left + columns);
    this.at = data + columns * 3;
  }

  /** ESC GS S m xL xH yL yH n d…: a raster block x bytes wide and y rows tall, printed at once (StarPRNT). */
  private rasterBlock(): void {
    this.printLine(false);
    const bytesWide = this.byte(4) + this.byte(5) * 256;
    const rows = this.byte(6) + this.byte(7) * 256;
    const data = this.at + 9;
    // Only what lands on the paper is drawn: the header may claim far more rows than bytes follow.
    const drawnRows = Math.min(rows, Math.max(0, this.paper.maxRows - this.y));
    const drawnColumns = Math.min(bytesWide, Math.ceil(this.width / 8));
    this.paper.reach(this.y + drawnRows);
    for (let row = 0; row < drawnRows; row++) {
      const line = this.paper.row(this.y + row);
      for (let column = 0; column < drawnColumns; column++) {
        const byte = this.bytes[data + row * bytesWide + column] ?? 0;
        if (byte === 0) continue;
        for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit) && column * 8 + bit < line.length) line[column * 8 + bit] = 1;
      }
    }
    this.y += rows;
    this.at = data + bytesWide * rows;
  }

  /** ESC GS EM DC1 m n1 n2 sets buzzer m's pulse (20 ms units), ESC GS EM DC2 m n1 n2 rings it n1 times. */
  private buzzer(): void {
    const kind = this.byte(3);
    const terminal = this.byte(4) % 48;
    const n1 = this.byte(5);
    const n2 = this.byte(6);
    this.advance(7, () => {
      if (kind === 0x11) this.buzzerPulse = { on: n1 * 20, off: n2 * 20 };
      else if (kind === 0x12) this.band('beep', markText(this.marks.beepTimes, { times: n1, how: `${this.buzzerPulse.on} ms, terminal ${terminal}` }));
      else this.band('unknown', markText(this.marks.unknown, { bytes: `1B 1D 19 ${kind.toString(16).padStart(2, '0').toUpperCase()}` }));
    });
  }

  private alignedX(width: number): number {
    if (this.align === 1) return Math.max(0, Math.floor((this.width - width) / 2));
    if (this.align === 2) return Math.max(0, this.width - width);
    return 0;
  }


  private printQr(): void {
    this.printLine(false);
    try {
      this.y += drawQrSymbol(this.paper, this.qrData, this.qrLevel, this.qrCell, { left: (size) => this.alignedX(size), top: this.y });
    } catch (error) {
      this.band('unknown', `QR not printable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** ESC b n1 n2 n3 n4 d… RS: bars drawn with the shared symbol tables, the text under them when n2 asks. */
  private barcode(): void {
    this.printLine(false);
    const end = this.bytes.indexOf(0x1e, this.at + 6);
    const stop = end < 0 ? this.bytes.length : end;
    const m = GS_K_OF_STAR[this.byte(2) % 48];
    const hri = this.byte(3) % 48 === 2 || this.byte(3) % 48 === 4;
    const module = (this.byte(4) % 48) + 1;
    const height = Math.max(1, this.byte(5));
    let data = this.bytes.slice(this.at + 6, stop);
    this.at = stop + 1;
    // barcodeSymbol reads CODE128 as GS k does: a code set prefix, `{` doubled.
    if (m === GS_K.CODE128) data = Uint8Array.from(code128InSetB(String.fromCharCode(...data)), (char) => char.charCodeAt(0));
    let symbol;
    try {
      if (m === undefined) throw new Error('unknown symbology');
      symbol = barcodeSymbol(m, data);
    } catch (error) {
      return this.band('unknown', `BARCODE not printable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const total = barsWidth(symbol.runs, module);
    const left = this.alignedX(total);
    drawBars(this.paper, symbol.runs, module, left, this.y, height);
    this.y += height;
    if (hri) {
      const style: CharStyle = { font: FONT_A, bold: false, underline: 0, invert: false, widthScale: 1, heightScale: 1 };
      drawString(this.paper, symbol.hri, style, left + Math.floor((total - symbol.hri.length * FONT_A.cellWidth) / 2), this.y);
      this.y += FONT_A.cellHeight;
    }
    // Modes 1 and 2 end with a line feed.
    this.y += DEFAULT_LINE_SPACING;
    this.paper.reach(this.y);
  }

  private cut(partial: boolean): void {
    this.printLine(false);
    drawKnifeLine(this.paper, this.width, this.y);
    this.y += KNIFE_LINE_DOTS;
    this.band(partial ? 'partial-cut' : 'cut', partial ? this.marks.partialCut : this.marks.cut);
  }

  private band(kind: PreviewEvent['kind'], detail: string): void {
    this.printLine(false);
    this.events.push({ kind, y: this.y, detail });
    drawLabelBand(this.paper, this.width, this.y, detail);
    this.y += BAND_DOTS;
  }

}
