import type { EscPosToken } from '../../../src/shared/escpos/parse-escpos';
import { flood, type FloodTarget } from './asb-flood';
import { MechanismClock } from './mechanism-clock';
import { PaperPath, type Step } from './paper-motion';
import type { LinkTraits, PrinterConnection, ReplyChannel } from './printer-link';
import { StatusBack } from './status-back';
import { CLEAR_BUFFER_RESPONSE, isClearBuffer, isOnline, processIdOf, processIdResponse, realTimeStatus } from './status-bytes';
import { starCutter } from './star-stream-tokens';
import { escPosCutter, StreamTokens, type ArrivedToken } from './stream-tokens';
import { settingsOf, type Settings } from './settings';
import type { SimulatedState, SimulatorOptions, SimulatorRequest } from './types';
import { WaitingBytes } from './waiting-bytes';

interface Session {
  channel: ReplyChannel;
  tokens: StreamTokens;
  /** Received, waiting for room in the buffer. */
  waiting: WaitingBytes;
  /** The link was told to hold its bytes back. */
  held: boolean;
  /** The sender half-closed. */
  ended: boolean;
  /** Ended, and everything it sent is in the buffer. */
  allIn: boolean;
  /** Its commands in the buffer, not yet executed. */
  queued: number;
  finished: boolean;
  open: boolean;
}

interface Queued extends ArrivedToken {
  from: Session;
}

/** Executed on arrival, never printed (Epson: "real-time commands"). DLE DC4 2 (power off) is swallowed. */
const REAL_TIME = new Set(['DLE EOT', 'DLE ENQ', 'DLE DC4 1', 'DLE DC4 2', 'DLE DC4 8']);

const READY: SimulatedState = { paper: 'ok', coverOpen: false, drawerOpen: false, cutterError: false, unrecoverableError: false };

/**
 * The simulated Epson TM printer behind any link: a receive buffer (unbounded, or `bufferBytes` with the links held
 * while it is full), a print mechanism taking commands from its head in order while online (instantly, or at
 * `mmPerSecond`), real-time commands executed as they are read into the buffer, Automatic Status Back and process ID
 * responses. With `language: 'star'` it is a Star printer instead: it answers ESC ACK SOH with its ASB block.
 */
export class PrinterCore {
  readonly requests: SimulatorRequest[] = [];
  private current: SimulatedState = { ...READY };
  private readonly settings: Settings;
  private readonly queue: Queued[] = [];
  private queuedBytes = 0;
  /** Open sessions, oldest first: replies whose own session closed go to the most recent one. */
  private readonly sessions: Session[] = [];
  private readonly printedChunks: Uint8Array[] = [];
  private text = '';
  private readTotal = 0;
  private readonly paper: PaperPath;
  private readonly statusBack: StatusBack<Session>;
  private readonly clock = new MechanismClock();
  private linesUntilPaperOut: number | null = null;
  private answering = true;
  private draining = false;
  private admitting = false;
  private admitAgain = false;
  private isClosed = false;
  private readonly closeTimers = new Set<NodeJS.Timeout>();
  private readonly progressListeners = new Set<() => void>();

  constructor(options: SimulatorOptions = {}, link: LinkTraits = { ethernet: false }) {
    this.settings = settingsOf(options);
    this.paper = new PaperPath(this.settings.language, this.settings, options.rollMm, this.settings.nearEndMm);
    this.current.paper = this.paper.paper ?? 'ok';
    this.statusBack = new StatusBack<Session>(this.settings.language, link.ethernet, (to, bytes) => this.reply(to, bytes), this.current);
  }

  private get star(): boolean {
    return this.settings.language === 'star';
  }

  get state(): SimulatedState {
    return { ...this.current };
  }

  get closed(): boolean {
    return this.isClosed;
  }

  connect(channel: ReplyChannel): PrinterConnection {
    const tokens = this.star ? new StreamTokens(starCutter) : new StreamTokens(escPosCutter);
    const waiting = new WaitingBytes();
    const session: Session = { channel, tokens, waiting, held: false, ended: false, allIn: false, queued: 0, finished: false, open: true };
    this.sessions.push(session);
    return {
      receive: (chunk) => {
        waiting.push(chunk);
        this.admit();
        this.drain();
      },
      waiting: () => waiting.length,
      discardWaiting: (max) => {
        const dropped = waiting.drop(max);
        this.admit();
        return dropped;
      },
      flush: () => {
        // Bytes still waiting continue the stream: cutting the command they complete short would garble it.
        if (waiting.length === 0) this.flushTokens(session);
      },
      endOfData: () => {
        session.ended = true;
        this.admit();
        this.drain();
      },
      closed: () => {
        session.open = false;
        this.sessions.splice(this.sessions.indexOf(session), 1);
        waiting.drop();
        this.flushTokens(session);
      },
    };
  }

  set(change: Partial<SimulatedState>): void {
    // Paper back on a printer with a finite roll: a new roll of the same length went in.
    if (change.paper === 'ok' && this.current.paper !== 'ok') this.paper.refill();
    this.apply(change);
  }

  loadRoll(mm: number): void {
    this.apply({ paper: this.paper.load(mm) });
  }

  paperOutAfterLines(lines: number): void {
    this.linesUntilPaperOut = null;
    if (lines <= 0) this.set({ paper: 'out' });
    else this.linesUntilPaperOut = lines;
  }

  stopAnswering(): void {
    this.answering = false;
  }

  resumeAnswering(): void {
    this.answering = true;
    this.statusBack.changed(this.current, this.answering);
    this.drain();
    for (const session of this.sessions) this.finishIfDone(session);
  }

  floodAsb(bytesPerSecond: number, ms: number): Promise<number> {
    const block = (): Uint8Array => this.statusBack.block(this.current);
    const target = (): FloodTarget | null => (this.answering && !this.isClosed ? (this.sessions.findLast((session) => this.usable(session))?.channel ?? null) : null);
    return flood(block, target, bytesPerSecond, ms, () => this.isClosed);
  }

  printed(): Uint8Array {
    return Buffer.concat(this.printedChunks);
  }

  printedText(): string {
    return this.text;
  }

  buffered(): number {
    return this.sessions.reduce((sum, session) => sum + session.tokens.pendingBytes, this.queuedBytes);
  }

  bytesRead(): number {
    return this.readTotal;
  }

  mechanismMs(): number {
    return this.paper.mechanismMs;
  }

  printedMm(): number {
    return this.paper.printedMm;
  }

  /** Calls `listener` after each command that reaches paper, and once when the simulator closes; returns the unsubscribe. */
  onProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  close(): void {
    this.isClosed = true;
    this.clock.wake();
    for (const timer of this.closeTimers) clearTimeout(timer);
    this.closeTimers.clear();
    for (const listener of this.progressListeners) listener();
  }

  /**
   * Reads waiting bytes into the buffer while there is room, oldest session first, cutting them into tokens as they
   * come in: a real-time command is answered here, when it is read, behind everything sent before it. Re-entered
   * (a drawer kick read here starts the mechanism), it runs again once the outer pass is done.
   */
  private admit(): void {
    if (this.admitting) {
      this.admitAgain = true;
      return;
    }
    this.admitting = true;
    try {
      do {
        this.admitAgain = false;
        for (const session of this.sessions) this.admitFrom(session);
      } while (this.admitAgain);
    } finally {
      this.admitting = false;
    }
  }

  private admitFrom(session: Session): void {
    for (let part = session.waiting.take(this.room(session)); part; part = session.waiting.take(this.room(session))) {
      this.readTotal += part.length;
      for (const arrived of session.tokens.push(part)) this.take(session, arrived);
    }
    const held = session.waiting.length > 0;
    if (held !== session.held) {
      session.held = held;
      session.channel.hold(held);
    }
    if (!held && session.ended && !session.allIn) {
      session.allIn = true;
      this.flushTokens(session);
      this.finishIfDone(session);
    }
  }

  /**
   * Free space in the buffer. A command longer than the whole buffer (a large raster image) streams in while nothing
   * else waits, as the mechanism takes it row by row; here it then executes whole once all of it is in.
   */
  private room(session: Session): number {
    const free = this.settings.bufferBytes - this.buffered();
    if (free > 0) return free;
    return this.queue.length === 0 && session.tokens.pendingBytes > 0 ? this.settings.bufferBytes : 0;
  }

  private flushTokens(session: Session): void {
    const rest = session.tokens.flush();
    if (rest) this.take(session, rest);
    this.drain();
  }

  /** A token that was read: real-time commands act now; everything else joins the receive buffer. */
  private take(session: Session, arrived: ArrivedToken): void {
    const { token, bytes } = arrived;
    if (this.star) {
      if (token.name === 'ESC ACK SOH') this.starStatusRequest(session);
      else this.enqueue(session, arrived);
      return;
    }
    if (REAL_TIME.has(token.name)) {
      this.realTime(session, token, bytes);
      return;
    }
    if (token.name === 'GS a') this.requests.push({ kind: 'asb', n: bytes[2] ?? 0 });
    const processId = token.name === 'GS ( H' ? processIdOf(bytes) : null;
    if (processId !== null) this.requests.push({ kind: 'process-id', id: processId });
    this.enqueue(session, arrived);
  }

  private enqueue(session: Session, arrived: ArrivedToken): void {
    this.queue.push({ ...arrived, from: session });
    this.queuedBytes += arrived.bytes.length;
    session.queued += 1;
  }

  /**
   * Real TM models recognise DLE EOT in any byte position unless GS ( D disables it (the Epson reference warns against
   * it inside other commands' data); the simulator goes by whole tokens so image data never looks like a request.
   */
  private realTime(session: Session, token: EscPosToken, bytes: Uint8Array): void {
    const acts = this.settings.answersRealTime && this.answering;
    if (token.name === 'DLE EOT') {
      const n = bytes[2] ?? 0;
      if (n < 1 || n > 4) return;
      this.requests.push({ kind: 'dle-eot', n });
      if (acts) this.reply(session, Uint8Array.of(realTimeStatus(n as 1 | 2 | 3 | 4, this.current)));
    } else if (token.name === 'DLE DC4 8' && isClearBuffer(bytes)) {
      this.requests.push({ kind: 'clear-buffer' });
      if (!acts) return;
      // Clears the receive and print buffers: nothing received before it prints, no process ID in it is answered.
      this.queue.length = 0;
      this.queuedBytes = 0;
      for (const other of this.sessions) other.queued = 0;
      this.reply(session, CLEAR_BUFFER_RESPONSE);
      for (const other of this.sessions) this.finishIfDone(other);
      this.admit();
    } else if (token.name === 'DLE DC4 1' && acts) {
      this.set({ drawerOpen: true });
    }
  }

  /** Star's real-time status request: answered on arrival with the ASB block, like DLE EOT on an Epson. */
  private starStatusRequest(session: Session): void {
    this.requests.push({ kind: 'star-status' });
    if (this.settings.answersRealTime && this.answering) this.reply(session, this.statusBack.block(this.current));
  }

  private apply(change: Partial<SimulatedState>): void {
    this.current = { ...this.current, ...change };
    this.statusBack.changed(this.current, this.answering);
    this.drain();
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    void this.runMechanism();
  }

  /**
   * Takes commands from the head of the buffer while online; a command stays in the buffer while the paper moves for
   * it. `draining` is cleared in the same turn the loop stops.
   */
  private async runMechanism(): Promise<void> {
    this.clock.restart();
    while (!this.isClosed && this.answering && isOnline(this.current)) {
      const item = this.queue[0];
      if (!item) break;
      const step = this.paper.measure(item.token, item.bytes);
      if (step.ms > 0) {
        await this.clock.advance(step.ms);
        if (this.isClosed) break;
        // Meanwhile the buffer may have been cleared, or the printer stopped (cover opened, hung): start over.
        if (this.queue[0] !== item || !this.answering || !isOnline(this.current)) continue;
      }
      this.queue.shift();
      this.queuedBytes -= item.bytes.length;
      item.from.queued -= 1;
      this.execute(item, step);
    }
    this.draining = false;
  }

  private execute(item: Queued, step: Step): void {
    const { token, bytes, from } = item;
    this.printedChunks.push(bytes);
    if (token.kind === 'text') this.text += Buffer.from(bytes.filter((byte) => byte >= 0x20 && byte <= 0x7e)).toString('latin1');
    switch (token.name) {
      case 'LF':
        this.text += '\n';
        this.countLine();
        break;
      case 'GS a':
        // GS a is executed in order (after the data before it prints); ESC @ leaves it as it is.
        if (this.settings.supportsAsb) this.statusBack.enable((bytes[2] ?? 0) & 0x0f, from, this.current);
        break;
      case 'GS ( H': {
        const id = processIdOf(bytes);
        if (id !== null && this.settings.supportsProcessId) this.reply(from, processIdResponse(id));
        break;
      }
      case 'ESC p':
      case 'star drawer':
        // The drawer kick pulse opens the drawer; the cashier closes it (set({ drawerOpen: false })).
        this.set({ drawerOpen: true });
        break;
    }
    const paper = this.paper.executed(token, bytes, step, this.current.paper);
    if (paper) this.apply({ paper });
    // Room freed: the links' waiting bytes come in (the mechanism loop picks them up, it is running).
    this.admit();
    this.finishIfDone(from);
    for (const listener of this.progressListeners) listener();
  }

  private countLine(): void {
    if (this.linesUntilPaperOut === null) return;
    this.linesUntilPaperOut -= 1;
    if (this.linesUntilPaperOut > 0) return;
    this.linesUntilPaperOut = null;
    this.set({ paper: 'out' });
  }

  private usable(session: Session): boolean {
    return session.open && session.channel.isOpen();
  }

  /** To the session the request came on while it is open, else to the most recent open one; nothing while hung. */
  private reply(preferred: Session | null, bytes: Uint8Array): void {
    if (!this.answering || this.isClosed) return;
    const target = preferred && this.usable(preferred) ? preferred : this.sessions.findLast((session) => this.usable(session));
    target?.channel.send(bytes);
  }

  private finishIfDone(session: Session): void {
    if (!session.allIn || session.finished || !session.open || !this.answering) return;
    const mode = this.settings.closeAfterEof;
    if (mode === 'never') return;
    if (mode === 'at-once') {
      const owesProcessId =
        this.settings.supportsProcessId && this.queue.some((item) => item.from === session && item.token.name === 'GS ( H' && processIdOf(item.bytes) !== null);
      if (owesProcessId) return;
    } else if (session.queued > 0) return;
    session.finished = true;
    const delay = typeof mode === 'object' ? mode.afterPrintingMs : 0;
    if (delay <= 0) {
      session.channel.finish();
      return;
    }
    const timer = setTimeout(() => {
      this.closeTimers.delete(timer);
      if (session.open) session.channel.finish();
    }, delay);
    this.closeTimers.add(timer);
  }
}
