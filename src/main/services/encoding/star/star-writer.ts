import type { Align } from '../../../../shared/document/types';
import type { ProfileCodePage } from '../../../../shared/printer-profiles/printer-profile';
import { NORMAL_STYLE, type TextStyle } from '../escpos-writer';
import { encodeText } from '../text-bytes';
import {
  STAR_ALIGN,
  STAR_BOLD_OFF,
  STAR_BOLD_ON,
  STAR_INIT,
  STAR_INVERT_OFF,
  STAR_INVERT_ON,
  starCodePage,
  starFont,
  starSize,
  starUnderline,
} from './star-bytes';

interface StarState extends TextStyle {
  align: Align;
  page: ProfileCodePage | undefined;
}

/**
 * Collects a Star job (either language)'s bytes and remembers the printer's modes, so each setting is sent only when it
 * changes (the Star twin of EscPosWriter; Star cuts do not reset the printer, so the state lives the whole job).
 */
export class StarWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  private readonly state: StarState = { ...NORMAL_STYLE, align: 'left', page: undefined };
  /** False after raw bytes: the printer's alignment and style are then unknown and sent again in full. */
  private alignKnown = true;
  private styleKnown = true;

  constructor(private readonly codePages: readonly ProfileCodePage[]) {
    this.push(STAR_INIT);
  }

  push(bytes: ArrayLike<number>): void {
    if (bytes.length === 0) return;
    this.chunks.push(Uint8Array.from(bytes));
    this.size += bytes.length;
  }

  get length(): number {
    return this.size;
  }

  /** After bytes the writer cannot follow (raw Star commands): every setting is sent again when next needed. */
  forgetState(): void {
    this.alignKnown = false;
    this.styleKnown = false;
    this.state.page = undefined;
  }

  setAlign(align: Align): void {
    if (this.alignKnown && this.state.align === align) return;
    this.push(STAR_ALIGN[align]);
    this.state.align = align;
    this.alignKnown = true;
  }

  setStyle(style: TextStyle): void {
    const { state } = this;
    const all = !this.styleKnown;
    if (all || state.bold !== style.bold) this.push(style.bold ? STAR_BOLD_ON : STAR_BOLD_OFF);
    if (all || (state.underline > 0) !== (style.underline > 0)) this.push(starUnderline(style.underline > 0));
    if (all || state.invert !== style.invert) this.push(style.invert ? STAR_INVERT_ON : STAR_INVERT_OFF);
    if (all || state.font !== style.font) this.push(starFont(style.font));
    if (all || state.width !== style.width || state.height !== style.height) this.push(starSize(style.width, style.height));
    Object.assign(state, style);
    this.styleKnown = true;
  }

  /**
   * Text in the current style. encodeText states pages as ESC t n (ESC/POS); its text bytes are never 0x1B (control
   * characters become spaces, page bytes are ≥ 0x80), so each ESC t n found is a switch and becomes Star's ESC GS t n.
   */
  text(text: string): void {
    const encoded = encodeText(text, this.state.page, this.codePages);
    const out: number[] = [];
    const bytes = encoded.bytes;
    for (let at = 0; at < bytes.length; at++) {
      if (bytes[at] === 0x1b && bytes[at + 1] === 0x74) {
        out.push(...starCodePage(bytes[at + 2] ?? 0));
        at += 2;
      } else {
        out.push(bytes[at] ?? 0x3f);
      }
    }
    this.push(out);
    this.state.page = encoded.page;
  }

  lineFeed(): void {
    this.push([0x0a]);
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}
