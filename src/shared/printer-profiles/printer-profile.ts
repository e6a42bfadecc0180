import type { Symbology } from '../document/types';
import type { CodePage } from '../escpos/code-pages';

/** The command language a printer speaks: ESC/POS, or one of Star's two (each has its encoder and preview). */
export type CommandSet = 'escpos' | 'star-line' | 'starprnt';

/**
 * How the printer beeps: Epson's documented `ESC ( A` function 48 (models with a buzzer), the `ESC B n t` clones
 * use, Star's `ESC GS EM` for a buzzer unit on the drive (DK) port, or no buzzer at all (beep is refused rather
 * than sent to a printer that would ignore it or print it).
 */
export type BuzzerCommand = 'epson' | 'esc-b' | 'star-external' | 'none';

export interface ProfileFont {
  /** Dots across one character cell. */
  width: number;
  /** Dots down one character. */
  height: number;
}

/** A code page the model has, with the n its own `ESC t n` numbering gives it. */
export interface ProfileCodePage {
  page: CodePage;
  escT: number;
}

export interface PrinterProfile {
  /** The id `profile.model` and the Printers page use (`epson-tm-t88vi`, `generic`). */
  id: string;
  /** What a person reads: "Epson TM-T88VI". */
  name: string;
  /** Other names that pick the profile (compared ignoring case, spaces and dashes). */
  aliases: readonly string[];
  commandSet: CommandSet;
  dpi: number;
  /** The roll the model takes; null when it takes both (the document's paper_width decides). */
  paperMm: 58 | 80 | null;
  fonts: { a: ProfileFont; b: ProfileFont };
  /** The pages text may use, in the order they are tried; the first is the one stated when nothing else is needed. */
  codePages: readonly ProfileCodePage[];
  /** Chinese/Kanji mode can be on at power-up (clones sold in Asia): `FS .` is sent after every `ESC @`. */
  kanjiMode: boolean;
  /** Lines the cutter needs fed so the last printed line clears it; null when the model has no cutter. */
  cutterFeed: number | null;
  buzzer: BuzzerCommand;
  /** Has a drawer kick-out connector (`ESC p`). */
  drawer: boolean;
  symbologies: readonly Symbology[];
  qr: boolean;
  pdf417: boolean;
  imageMode: 'raster' | 'column';
  /**
   * Answers Epson's process ID request (`GS ( H` fn 48) once the data before it has printed, and clears its buffers on
   * `DLE DC4` fn 8: jobs to it are confirmed on paper. Other models only say they received the bytes.
   */
  confirmsOnPaper: boolean;
}
