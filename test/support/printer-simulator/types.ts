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
  /** ms the mechanism takes per LF (and per 24 raster rows); 0 = instant (default). */
  msPerLine?: number;
  /**
   * `star`: a Star printer (Star Line Mode / StarPRNT) instead of an Epson: it answers ESC ACK SOH with its ASB block
   * (and on TCP sends that block by itself on every change, as Star's Ethernet interfaces do), opens the drawer on
   * BEL / SUB, and takes ESC/POS bytes (DLE EOT, GS a, GS ( H, DLE DC4) as data it does not answer. Default `escpos`.
   */
  language?: 'escpos' | 'star';
}

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

export type TcpPrinterSimulator = PrinterSimulator & {
  port: number;
  uri: string;
  /** Applies to connections made from now on; `null` serves them normally again (a busy printer's waiting ones too). */
  misbehave(fault: ConnectionFault | null): void;
};

export type UsbPrinterSimulatorOptions = SimulatorOptions & { vendorId?: number; productId?: number; serial?: string };

export type UsbPrinterSimulator = PrinterSimulator & { device: UsbDeviceLike; backend: UsbBackend; uri: string };
