import type { UsbBackend, UsbDeviceLike } from '../../../src/main/platform/usb/usb-backend';

/** What the simulated printer's sensors say. */
export interface SimulatedState {
  paper: 'ok' | 'near-end' | 'out';
  coverOpen: boolean;
  drawerOpen: boolean;
  cutterError: boolean;
  unrecoverableError: boolean;
}

export interface SimulatorOptions {
  /** Answers GS ( H with the process ID response (Epson TM); a clone without it skips the command. Default true. */
  supportsProcessId?: boolean;
  /** Honours GS a (Automatic Status Back). Default true. */
  supportsAsb?: boolean;
  /** Executes real-time commands (DLE EOT, DLE DC4); a clone without them swallows them unanswered. Default true. */
  answersRealTime?: boolean;
  /** ms the mechanism takes per LF (and per 24 raster rows); 0 = instant (default). `mmPerSecond` overrides it. */
  msPerLine?: number;
  /**
   * Paper speed: each command takes the time its paper movement needs (LF the line spacing, 1/6 inch unless ESC 3 /
   * ESC 2 / ESC @ change it; ESC d n lines; ESC J n dots; GS v 0 its rows; 8 dots/mm), a cut (GS V) a fixed 150 ms.
   * Star, best effort: 4 mm lines (ESC 0 / ESC 1: 3 mm, ESC z 1: 4 mm), ESC a n lines, ESC J n/4 mm, ESC GS S rows,
   * ESC d cuts. 0 / undefined: instant (or `msPerLine`). Real printers: 150–350 mm/s.
   */
  mmPerSecond?: number;
  /**
   * The receive buffer's size: bytes are read from the link only while fewer than this many wait to be executed (TCP:
   * the connection is paused, so TCP flow control holds the sender; USB: a bulk OUT transfer completes only once all
   * its bytes are in). Real-time commands are answered when they are read into it, behind everything sent before
   * them. Undefined: unbounded, every byte read at once (default). Real printers: 4 KB (TM-T20) to 512 KB.
   */
  bufferBytes?: number;
  /**
   * What an AppSocket (TCP) connection does after the sender's FIN: `at-once` (default) closes it once its data is in
   * the buffer and no process ID response is owed to it; `after-printing` once the mechanism executed all of it;
   * `{ afterPrintingMs }` that many ms after that; `never` keeps it open until the sender closes it.
   */
  closeAfterEof?: CloseAfterEof;
  /** A roll this long: the paper runs out where it ends, part-way through a job. Undefined: endless (default). */
  rollMm?: number;
  /** With a finite roll: paper near-end once less than this is left. Default 0 (no near-end). */
  nearEndMm?: number;
  /**
   * `star`: a Star printer (Star Line Mode / StarPRNT) instead of an Epson: it answers ESC ACK SOH with its ASB block
   * (and on TCP sends that block by itself on every change, as Star's Ethernet interfaces do), opens the drawer on
   * BEL / SUB, and takes ESC/POS bytes (DLE EOT, GS a, GS ( H, DLE DC4) as data it does not answer. Default `escpos`.
   */
  language?: 'escpos' | 'star';
}

export type CloseAfterEof = 'at-once' | 'after-printing' | { afterPrintingMs: number } | 'never';

/** A request the printer received, decoded. */
export type SimulatorRequest =
  | { kind: 'dle-eot'; n: number }
  | { kind: 'clear-buffer' }
  | { kind: 'asb'; n: number }
  | { kind: 'process-id'; id: string }
  /** Star's ESC ACK SOH. */
  | { kind: 'star-status' };

export interface PrinterSimulator {
  readonly state: SimulatedState;
  /** Takes effect now (ASB sent if enabled). A drawer kick (ESC p, DLE DC4 1) sets drawerOpen; only this closes it. */
  set(change: Partial<SimulatedState>): void;
  /** Paper runs out after the mechanism has printed this many more LF lines (mid-receipt paper end). */
  paperOutAfterLines(lines: number): void;
  /**
   * Stops answering anything (real-time included) but keeps accepting and reading bytes — a hung printer: nothing
   * prints and half-closed connections stay open until resumeAnswering(); requests read meanwhile are never answered.
   */
  stopAnswering(): void;
  resumeAnswering(): void;
  /** Pulled cable: existing connections reset, new ones refused (TCP) / device gone (USB). */
  unplug(): void;
  plugIn(): void;
  /** Everything that reached paper, in order (command bytes included, real-time commands excluded). */
  printed(): Uint8Array;
  /** The printable text that reached paper (bytes 0x20..0x7e and LF), for simple assertions. */
  printedText(): string;
  /** Bytes still waiting in the printer's buffer. */
  buffered(): number;
  /** Bytes read from the links into the buffer so far (with `bufferBytes`, at the rate the mechanism frees space). */
  bytesRead(): number;
  /** Simulated mechanism time spent on what was executed so far (0 for an instant printer). */
  mechanismMs(): number;
  /** Paper fed so far, whatever the speed. */
  printedMm(): number;
  /** Puts in a roll this long (paper state follows: ok, near-end or out); `set({ paper: 'ok' })` loads a full one. */
  loadRoll(mm: number): void;
  /**
   * Sends valid status blocks (ESC/POS: 4-byte ASB; Star: its ASB block) of the current status over and over to the
   * latest connection at about `bytesPerSecond` for `ms`, whether ASB is enabled or not, as far as the host takes them
   * (TCP: at most 1 MB waits unsent; USB: 4 KB). Nothing while hung. Resolves with the bytes sent.
   */
  floodAsb(bytesPerSecond: number, ms: number): Promise<number>;
  /** Resolves when printedText() contains `text` (rejects after timeoutMs, default 5000, with what was printed). */
  waitForPrinted(text: string, timeoutMs?: number): Promise<void>;
  /** Every request the printer received, decoded, in arrival order. */
  readonly requests: ReadonlyArray<SimulatorRequest>;
  close(): Promise<void>;
}

/**
 * How a TCP printer mistreats the connections it gets from now on (what must never count as printed):
 * - `closes-at-once`: accepts each connection and closes it at once, reading nothing;
 * - `resets-after`: serves each connection, but one that brings more than `bytes` bytes (a job; a status request is
 *   a few) is reset once the printer read that many, with the rest unread (a crash, a power loss);
 * - `busy`: another till holds the printer, so new connections are accepted by its network stack (which
 *   acknowledges what they send) but neither read nor answered until `misbehave(null)`, as in a listener's backlog.
 */
export type ConnectionFault = { kind: 'closes-at-once' } | { kind: 'resets-after'; bytes: number } | { kind: 'busy' };

export type TcpPrinterSimulatorOptions = SimulatorOptions & {
  /**
   * SO_RCVBUF for the listening socket (Linux; accepted connections inherit it and it turns receive autotuning off),
   * so with `bufferBytes` TCP flow control holds the sender as a printer's small network buffer does: 4096 for a
   * printer's interface, 65536 for an ordinary PC. The kernel doubles the value for its bookkeeping. Undefined: the
   * system's autotuned buffer (default).
   */
  socketReceiveBufferBytes?: number;
};

export type TcpPrinterSimulator = PrinterSimulator & {
  port: number;
  uri: string;
  /** Applies to connections made from now on; `null` serves them normally again (a busy printer's waiting ones too). */
  misbehave(fault: ConnectionFault | null): void;
};

export type UsbPrinterSimulatorOptions = SimulatorOptions & { vendorId?: number; productId?: number; serial?: string };

export type UsbPrinterSimulator = PrinterSimulator & { device: UsbDeviceLike; backend: UsbBackend; uri: string };
