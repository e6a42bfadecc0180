/**
 * How far each command moves the paper, for a mechanism that prints at a real speed and a roll that runs out. The
 * head has 203 dpi (8 dots/mm), the resolution of 80 mm thermal receipt printers (Epson TM-T20/T88, Star TSP100/143).
 */
import type { EscPosToken } from '../../../src/shared/escpos/parse-escpos';
import type { SimulatedState } from './types';

export const DOTS_PER_MM = 8;
/** ESC/POS's default line spacing: 1/6 inch (Epson: "approximately 4.23 mm"). */
export const ESC_POS_LINE_MM = 25.4 / 6;
/**
 * Star thermal printers (STAR Line Mode): 4 mm (32 dots), the memory switch default, which ESC z 1 sets again;
 * ESC 0 and ESC 1 set 3 mm (24 dots); ESC J n feeds n/4 mm.
 */
export const STAR_LINE_MM = 4;
const STAR_NARROW_LINE_MM = 3;
/** An auto-cutter stroke takes a fixed time whatever the paper speed; about this long on receipt printers. */
export const CUT_MS = 150;

export interface Motion {
  /** Paper fed. */
  mm: number;
  /** The command cuts. */
  cut: boolean;
}

const STILL: Motion = { mm: 0, cut: false };
const byte = (bytes: Uint8Array, at: number): number => bytes[at] ?? 0;
const word = (bytes: Uint8Array, at: number): number => byte(bytes, at) + byte(bytes, at + 1) * 256;

/**
 * The paper movement of one command given the line spacing now set; `apply` sets the spacing a command changes, once
 * it executes (measuring is separate so a command measured and then cleared from the buffer changes nothing).
 */
export class PaperMotion {
  private lineMm: number;

  constructor(private readonly language: 'escpos' | 'star') {
    this.lineMm = this.defaultLineMm;
  }

  private get defaultLineMm(): number {
    return this.language === 'star' ? STAR_LINE_MM : ESC_POS_LINE_MM;
  }

  measure(token: EscPosToken, bytes: Uint8Array): Motion {
    if (token.name === 'LF') return { mm: this.lineMm, cut: false };
    return this.language === 'star' ? this.measureStar(token.name, bytes) : this.measureEscPos(token.name, bytes);
  }

  apply(token: EscPosToken, bytes: Uint8Array): void {
    const name = token.name;
    // ESC @ puts every setting back, line spacing included, in both languages.
    if (name === 'ESC @') this.lineMm = this.defaultLineMm;
    else if (this.language === 'star') {
      if (name === 'ESC 0' || name === 'ESC 1') this.lineMm = STAR_NARROW_LINE_MM;
      // ESC z n: only n = 1 (or '1') is defined on thermal models.
      else if (name === 'ESC z' && (byte(bytes, 2) === 1 || byte(bytes, 2) === 0x31)) this.lineMm = STAR_LINE_MM;
    } else if (name === 'ESC 2') this.lineMm = ESC_POS_LINE_MM;
    else if (name === 'ESC 3') this.lineMm = byte(bytes, 2) / DOTS_PER_MM;
  }

  private measureEscPos(name: string, bytes: Uint8Array): Motion {
    switch (name) {
      case 'ESC d':
        return { mm: byte(bytes, 2) * this.lineMm, cut: false };
      case 'ESC J':
        return { mm: byte(bytes, 2) / DOTS_PER_MM, cut: false };
      case 'GS v 0':
        return { mm: word(bytes, 6) / DOTS_PER_MM, cut: false };
      case 'GS V':
        // The 4-byte forms (m = 65, 66, 97, 98, 103, 104) feed n dots before cutting.
        return { mm: bytes.length === 4 ? byte(bytes, 3) / DOTS_PER_MM : 0, cut: true };
      default:
        return STILL;
    }
  }

  /** Best effort: the feeds and cuts Ticketera's Star encoder writes (star-bytes.ts). */
  private measureStar(name: string, bytes: Uint8Array): Motion {
    switch (name) {
      case 'ESC a':
        return { mm: byte(bytes, 2) * this.lineMm, cut: false };
      case 'ESC J':
        return { mm: byte(bytes, 2) / 4, cut: false };
      case 'ESC GS S':
        return { mm: word(bytes, 6) / DOTS_PER_MM, cut: false };
      case 'ESC d':
        return { mm: 0, cut: true };
      default:
        return STILL;
    }
  }
}

/** How long the mechanism takes for a command: by paper speed when set, else the older per-line time. */
export function commandMs(token: EscPosToken, bytes: Uint8Array, motion: Motion, speed: { mmPerSecond: number; msPerLine: number }): number {
  if (speed.mmPerSecond > 0) return (motion.mm / speed.mmPerSecond) * 1000 + (motion.cut ? CUT_MS : 0);
  if (token.name === 'LF') return speed.msPerLine;
  // msPerLine counts a raster image as a line per 24 rows.
  if (token.name === 'GS v 0') return Math.ceil(word(bytes, 6) / 24) * speed.msPerLine;
  return 0;
}

/** A roll of finite length: near end below `nearEndMm` left (when given), out when none is left. */
export class PaperRoll {
  private leftMm: number;

  constructor(
    lengthMm: number,
    private readonly nearEndMm: number,
  ) {
    this.leftMm = lengthMm;
  }

  get left(): number {
    return this.leftMm;
  }

  load(lengthMm: number): void {
    this.leftMm = Math.max(0, lengthMm);
  }

  /** Paper used; the line that takes the last of the roll still prints (it is on paper), then the printer stops. */
  use(mm: number): void {
    this.leftMm = Math.max(0, this.leftMm - mm);
  }

  get paper(): SimulatedState['paper'] {
    if (this.leftMm <= 0) return 'out';
    return this.leftMm < this.nearEndMm ? 'near-end' : 'ok';
  }
}

/** One command's paper movement and the time it takes. */
export interface Step {
  motion: Motion;
  ms: number;
}

type Paper = SimulatedState['paper'];

/** The paper side of the mechanism: line spacing, speed, the roll if finite, and what was used so far. */
export class PaperPath {
  mechanismMs = 0;
  printedMm = 0;
  private readonly motion: PaperMotion;
  private roll: PaperRoll | null = null;
  private rollLength = 0;

  constructor(
    language: 'escpos' | 'star',
    private readonly speed: { mmPerSecond: number; msPerLine: number },
    rollMm: number | undefined,
    private readonly nearEndMm: number,
  ) {
    this.motion = new PaperMotion(language);
    if (rollMm !== undefined) this.load(rollMm);
  }

  /** What the roll says about the paper; null for an endless one. */
  get paper(): Paper | null {
    return this.roll?.paper ?? null;
  }

  /** What the command at the head of the buffer takes, with the spacing now set. */
  measure(token: EscPosToken, bytes: Uint8Array): Step {
    const motion = this.motion.measure(token, bytes);
    return { motion, ms: commandMs(token, bytes, motion, this.speed) };
  }

  /**
   * The command was executed: counts it, sets the spacing it changes, uses the roll. Returns the paper state the roll
   * forces on `paper` (only ever worse: near-end once, then out, which stops the mechanism), else null.
   */
  executed(token: EscPosToken, bytes: Uint8Array, step: Step, paper: Paper): Paper | null {
    this.mechanismMs += step.ms;
    this.printedMm += step.motion.mm;
    this.motion.apply(token, bytes);
    if (!this.roll || step.motion.mm <= 0) return null;
    this.roll.use(step.motion.mm);
    const now = this.roll.paper;
    if (now === 'out' && paper !== 'out') return now;
    return now === 'near-end' && paper === 'ok' ? now : null;
  }

  /** A roll `mm` long goes in (an endless printer gets a finite roll); returns the paper state it gives. */
  load(mm: number): Paper {
    this.rollLength = mm;
    this.roll ??= new PaperRoll(mm, this.nearEndMm);
    this.roll.load(mm);
    return this.roll.paper;
  }

  /** Paper reported back (set({ paper: 'ok' })) on a finite roll: a new roll of the same length went in. */
  refill(): void {
    this.roll?.load(this.rollLength);
  }
}
