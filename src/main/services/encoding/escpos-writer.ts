import type { Align, FontName } from '../../../shared/document/types';
import type { PrinterProfile, ProfileCodePage } from '../../../shared/printer-profiles/printer-profile';
import type { PrinterDialect } from './printer-dialect';
import { encodeText } from './text-bytes';

export interface TextStyle {
  bold: boolean;
  underline: 0 | 1 | 2;
  invert: boolean;
  font: FontName;
  width: number;
  height: number;
}

export const NORMAL_STYLE: TextStyle = { bold: false, underline: 0, invert: false, font: 'a', width: 1, height: 1 };

interface PrinterState extends TextStyle {
  align: Align;
  /** undefined after ESC @: the printer's memory switches pick the page, so the first high character states one. */
  page: ProfileCodePage | undefined;
}

const DEFAULTS: PrinterState = { ...NORMAL_STYLE, align: 'left', page: undefined };

/** FS .: cancels Chinese/Kanji mode, in which a clone would read every byte above 0x7F as half of a GBK character. */
const CANCEL_KANJI = [0x1c, 0x2e];

/**
 * Collects a job's bytes and remembers the printer's modes, so each setting is sent only when it changes. Chunks are
 * joined once at the end (node-thermal-printer re-copies its whole buffer on every append).
 */
export class EscPosWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  /** undefined after raw bytes: anything may have changed, so the next setting is always sent. */
  private state: PrinterState | undefined;

  constructor(
    readonly dialect: PrinterDialect,
    readonly profile: PrinterProfile,
  ) {
    this.push(dialect.init);
    this.printerReset();
  }

  push(bytes: Uint8Array | readonly number[]): void {
    const chunk = bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes);
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** Bytes written so far (the job's byte budget is checked against it). */
  get length(): number {
    return this.size;
  }

  /** A position to ask `since` about: what one command wrote. */
  mark(): number {
    return this.chunks.length;
  }

  /** The chunks written after `mark()` returned `mark`. */
  since(mark: number): readonly Uint8Array[] {
    return this.chunks.slice(mark);
  }

  /** After bytes the writer cannot follow (raw commands). */
  forgetState(): void {
    this.state = undefined;
  }

  /** After a command that ends in ESC @. */
  printerReset(): void {
    if (this.profile.kanjiMode) this.push(CANCEL_KANJI);
    this.state = { ...DEFAULTS };
  }

  setAlign(align: Align): void {
    const state = this.current();
    if (state.align === align) return;
    this.push(this.dialect.align[align]);
    state.align = align;
  }

  setStyle(style: TextStyle): void {
    const state = this.current();
    const { dialect } = this;
    if (state.bold !== style.bold) this.push(style.bold ? dialect.boldOn : dialect.boldOff);
    if (state.underline !== style.underline) this.push(dialect.underline[style.underline]);
    if (state.invert !== style.invert) this.push(style.invert ? dialect.invertOn : dialect.invertOff);
    if (state.font !== style.font) this.push(style.font === 'b' ? dialect.fontB : dialect.fontA);
    if (state.width !== style.width || state.height !== style.height) this.push(dialect.size(style.width, style.height));
    Object.assign(state, style);
  }

  /** Printable text in the current style, switching code pages as its characters need. */
  text(text: string): void {
    const encoded = encodeText(text, this.current().page, this.profile.codePages);
    this.push(encoded.bytes);
    this.current().page = encoded.page;
  }

  lineFeed(): void {
    this.push([0x0a]);
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** Known state, re-stating every mode (ESC @ would also empty the printer's line buffer) when raw bytes made it unknown. */
  private current(): PrinterState {
    if (this.state === undefined) {
      this.state = { ...DEFAULTS };
      this.push(this.dialect.align.left);
      this.push(this.dialect.boldOff);
      this.push(this.dialect.underline[0]);
      this.push(this.dialect.invertOff);
      this.push(this.dialect.fontA);
      this.push(this.dialect.size(1, 1));
      const first = this.profile.codePages[0];
      if (first) this.push([0x1b, 0x74, first.escT]);
      this.state.page = first;
    }
    return this.state;
  }
}
