import { paperMmOf } from '../../../shared/escpos/paper-length';
import type { CommandSet } from '../../../shared/printer-profiles/printer-profile';

/**
 * Bytes written to a printer that it has not taken yet: `queued` still in this process (a link's own buffer, a USB
 * transfer not yet completed), `inKernel` sent or waiting in the system's socket buffer and not yet acknowledged by
 * the printer, or null where the system does not say.
 */
export interface Outstanding {
  queued: number;
  inKernel: number | null;
}

/** Reads what a link has yet to hand over (a FIN is not a byte); null when it cannot say this time. */
export type OutstandingProbe = () => Promise<Outstanding | null>;

/**
 * The slowest receipt mechanism a job is given time for. Printers sold today print 150–300 mm/s; old 58 mm clones
 * print 60–90. Time is given at this speed so no real printer's job is cut short; a silent printer is found by the
 * stall bound, not by this.
 */
export const SLOWEST_MM_PER_SECOND = 60;

/** How long a printer may take to print a job's bytes at the slowest speed: the job's own paper, not a fixed clock. */
export function printAllowanceMs(bytes: Uint8Array, commandSet: CommandSet): number {
  return Math.ceil((paperMmOf(bytes, commandSet) / SLOWEST_MM_PER_SECOND) * 1000);
}

export interface BytesFlowOptions {
  /** How long the printer may take nothing before the job counts as stopped (a pulled cable, paper out, a hang). */
  stallMs: number;
  /** Between two readings of what is outstanding. */
  pollMs: number;
  /** Time to print the job (printAllowanceMs), which the printer may still need once it has taken every byte. */
  printMs: number;
  now?: () => number;
}

export type FlowState =
  /** The printer is taking bytes (or has had less than the stall bound to start). */
  | 'flowing'
  /** It has taken nothing for the stall bound while bytes wait. */
  | 'stalled'
  /** It has taken every byte (as far as the system can tell). */
  | 'taken';

/**
 * Follows a job into a printer by what the link says is still outstanding: the printer reads as fast as it prints
 * (its buffer holds a few KB, and TCP's flow control or USB's NAKs hold the rest on this side), so a long receipt
 * takes as long as its paper. A job is given time while its bytes keep moving, however long that is, and counts as
 * stopped only when nothing has moved for the stall bound.
 */
export class BytesFlow {
  private last = Number.POSITIVE_INFINITY;
  private movedAt: number;
  /** When the last reading came: a stall is only known from a reading taken once the bound had passed. */
  private readAt: number;
  private takenAt: number | null = null;
  private knowsKernel = false;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private readonly now: () => number;

  constructor(
    private readonly probe: OutstandingProbe,
    private readonly options: BytesFlowOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.movedAt = this.now();
    this.readAt = this.movedAt;
  }

  start(): this {
    this.read();
    return this;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.reading = false;
  }

  /**
   * Stalled only when a reading taken after the stall bound still shows nothing moved: on a busy machine a reading
   * that is late (its timer, or the system's answer, delayed) must not turn a printer that kept reading into a stopped
   * one. A probe that stops answering altogether counts as stalled at twice the bound.
   */
  get state(): FlowState {
    if (this.takenAt !== null) return 'taken';
    const { stallMs } = this.options;
    if (this.readAt - this.movedAt >= stallMs) return 'stalled';
    return this.now() - this.movedAt >= 2 * stallMs ? 'stalled' : 'flowing';
  }

  /**
   * Whether an answer (a status reply, the printer's close) may still come: bytes are moving, or the printer took
   * them all less than `graceMs` plus the job's print time ago. Where the system cannot say what its socket still
   * holds, that time runs from when this process handed over the last byte, and the job's whole print time is given.
   */
  stillComing(graceMs: number): boolean {
    const state = this.state;
    if (state === 'stalled') return false;
    if (state === 'flowing' || this.takenAt === null) return true;
    return this.now() - this.takenAt < graceMs + this.options.printMs;
  }

  /** The kernel said what it holds at least once: every byte was really acknowledged, not merely handed to it. */
  get kernelConfirmed(): boolean {
    return this.takenAt !== null && this.knowsKernel;
  }

  private read(): void {
    this.reading = true;
    this.probe().then(
      (outstanding) => this.record(outstanding),
      () => this.record(null),
    );
  }

  private record(outstanding: Outstanding | null): void {
    if (!this.reading) return;
    const now = this.now();
    this.readAt = now;
    if (outstanding !== null) {
      this.knowsKernel = outstanding.inKernel !== null;
      const total = outstanding.queued + (outstanding.inKernel ?? 0);
      if (total < this.last) this.movedAt = now;
      this.last = total;
      if (total === 0) this.takenAt ??= now;
      else this.takenAt = null;
    }
    this.timer = setTimeout(() => this.read(), this.options.pollMs);
  }
}
