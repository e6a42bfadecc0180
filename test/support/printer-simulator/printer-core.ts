import type { EscPosToken } from '../../../src/shared/escpos/parse-escpos';
import {
  asbBlock,
  asbGroups,
  CLEAR_BUFFER_RESPONSE,
  isClearBuffer,
  isOnline,
  processIdOf,
  processIdResponse,
  realTimeStatus,
} from './status-bytes';
import { starCutter } from './star-stream-tokens';
import { starAsbBlock } from './star-status-bytes';
import { escPosCutter, StreamTokens, type ArrivedToken } from './stream-tokens';
import type { SimulatedState, SimulatorOptions, SimulatorRequest } from './types';

/** Where the printer's replies go: one TCP connection, or the USB bulk IN endpoint. */
export interface ReplyChannel {
  isOpen(): boolean;
  send(bytes: Uint8Array): void;
  /** Its data is all in the buffer and no reply is owed to it any more: an AppSocket printer closes the connection. */
  finish(): void;
}

/** One link's session with the printer, fed by the link. */
export interface PrinterConnection {
  receive(chunk: Uint8Array): void;
  /** The stream paused for good (USB release): a command left cut short goes into the buffer as it is. */
  flush(): void;
  /** The sender half-closed: flush, and finish the channel once no reply is owed to it. */
  endOfData(): void;
  /** The link is gone (closed or reset); what arrived stays in the buffer. */
  closed(): void;
}

interface Session {
  channel: ReplyChannel;
  tokens: StreamTokens;
  ended: boolean;
  finished: boolean;
  open: boolean;
}

interface Queued extends ArrivedToken {
  from: Session;
}

/** Executed on arrival, never printed (Epson: "real-time commands"). DLE DC4 2 (power off) is swallowed. */
const REAL_TIME = new Set(['DLE EOT', 'DLE ENQ', 'DLE DC4 1', 'DLE DC4 2', 'DLE DC4 8']);

const READY: SimulatedState = { paper: 'ok', coverOpen: false, drawerOpen: false, cutterError: false, unrecoverableError: false };

/** What the link changes about the printer's status replies. */
export interface LinkTraits {
  /**
   * A Star printer on Ethernet: its ASB carries the Length field and is sent by itself on every status change
   * (Star's manual: ESC RS a n "is ignored (set to enable auto-status) when using Ethernet").
   */
  ethernet: boolean;
}

/**
 * The simulated Epson TM printer behind any link: a receive buffer, a print mechanism taking commands from its head in
 * order while online, real-time commands executed as they arrive, Automatic Status Back and process ID responses.
 * With `language: 'star'` it is a Star printer instead: it answers ESC ACK SOH with its ASB block and nothing else.
 */
export class PrinterCore {
  readonly requests: SimulatorRequest[] = [];
  private current: SimulatedState = { ...READY };
  private readonly options: Required<SimulatorOptions>;
  private readonly queue: Queued[] = [];
  /** Open sessions, oldest first: replies whose own session closed go to the most recent one. */
  private readonly sessions: Session[] = [];
  private readonly printedChunks: Uint8Array[] = [];
  private text = '';
  private asbMask = 0;
  private asbSession: Session | null = null;
  private lastAsbGroups: number[] = [0, 0, 0, 0];
  /** The last Star ASB block sent by itself (hex), so only a change sends another. */
  private lastStarBlock: string;
  private linesUntilPaperOut: number | null = null;
  private answering = true;
  private draining = false;
  private isClosed = false;
  private wakeSleeper: (() => void) | null = null;
  private readonly progressListeners = new Set<() => void>();

  constructor(
    options: SimulatorOptions = {},
    private readonly link: LinkTraits = { ethernet: false },
  ) {
    this.options = {
      supportsProcessId: options.supportsProcessId ?? true,
      supportsAsb: options.supportsAsb ?? true,
      answersRealTime: options.answersRealTime ?? true,
      msPerLine: options.msPerLine ?? 0,
      language: options.language ?? 'escpos',
    };
    this.lastStarBlock = Buffer.from(this.starBlock()).toString('hex');
  }

  private get star(): boolean {
    return this.options.language === 'star';
  }

  get state(): SimulatedState {
    return { ...this.current };
  }

  get closed(): boolean {
    return this.isClosed;
  }

  connect(channel: ReplyChannel): PrinterConnection {
    const tokens = this.star ? new StreamTokens(starCutter) : new StreamTokens(escPosCutter);
    const session: Session = { channel, tokens, ended: false, finished: false, open: true };
    this.sessions.push(session);
    const flush = (): void => {
      const rest = session.tokens.flush();
      if (rest) this.take(session, rest);
      this.drain();
    };
    return {
      receive: (chunk) => {
        for (const arrived of session.tokens.push(chunk)) this.take(session, arrived);
        this.drain();
      },
      flush,
      endOfData: () => {
        session.ended = true;
        flush();
        this.finishIfDone(session);
      },
      closed: () => {
        flush();
        session.open = false;
        this.sessions.splice(this.sessions.indexOf(session), 1);
      },
    };
  }

  set(change: Partial<SimulatedState>): void {
    this.current = { ...this.current, ...change };
    this.sendAsbOnChange();
    this.drain();
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
    this.sendAsbOnChange();
    this.drain();
    for (const session of this.sessions) this.finishIfDone(session);
  }

  printed(): Uint8Array {
    return Buffer.concat(this.printedChunks);
  }

  printedText(): string {
    return this.text;
  }

  buffered(): number {
    const queued = this.queue.reduce((sum, item) => sum + item.bytes.length, 0);
    return this.sessions.reduce((sum, session) => sum + session.tokens.pendingBytes, queued);
  }

  /** Calls `listener` after each command that reaches paper, and once when the simulator closes; returns the unsubscribe. */
  onProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  close(): void {
    this.isClosed = true;
    this.wakeSleeper?.();
    for (const listener of this.progressListeners) listener();
  }

  /** A token that arrived: real-time commands act now; everything else joins the receive buffer. */
  private take(session: Session, arrived: ArrivedToken): void {
    const { token, bytes } = arrived;
    if (this.star) {
      if (token.name === 'ESC ACK SOH') this.starStatusRequest(session);
      else this.queue.push({ ...arrived, from: session });
      return;
    }
    if (REAL_TIME.has(token.name)) {
      this.realTime(session, token, bytes);
      return;
    }
    if (token.name === 'GS a') this.requests.push({ kind: 'asb', n: bytes[2] ?? 0 });
    const processId = token.name === 'GS ( H' ? processIdOf(bytes) : null;
    if (processId !== null) this.requests.push({ kind: 'process-id', id: processId });
    this.queue.push({ ...arrived, from: session });
  }

  /**
   * Real TM models recognise DLE EOT in any byte position unless GS ( D disables it (the Epson reference warns against
   * it inside other commands' data); the simulator goes by whole tokens so image data never looks like a request.
   */
  private realTime(session: Session, token: EscPosToken, bytes: Uint8Array): void {
    const acts = this.options.answersRealTime && this.answering;
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
      this.reply(session, CLEAR_BUFFER_RESPONSE);
      for (const other of this.sessions) this.finishIfDone(other);
    } else if (token.name === 'DLE DC4 1' && acts) {
      this.set({ drawerOpen: true });
    }
  }

  /** Star's real-time status request: answered on arrival with the ASB block, like DLE EOT on an Epson. */
  private starStatusRequest(session: Session): void {
    this.requests.push({ kind: 'star-status' });
    if (this.options.answersRealTime && this.answering) this.reply(session, this.starBlock());
  }

  private starBlock(): Uint8Array {
    return starAsbBlock(this.current, this.link.ethernet);
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    void this.runMechanism();
  }

  /** Takes commands from the head of the buffer while online; `draining` is cleared in the same turn the loop stops. */
  private async runMechanism(): Promise<void> {
    while (!this.isClosed && this.answering && isOnline(this.current)) {
      const item = this.queue.shift();
      if (!item) break;
      const ms = this.durationOf(item);
      if (ms > 0) await this.sleep(ms);
      if (this.isClosed) break;
      this.execute(item);
    }
    this.draining = false;
  }

  private durationOf(item: Queued): number {
    const perLine = this.options.msPerLine;
    if (perLine === 0) return 0;
    if (item.token.name === 'LF') return perLine;
    if (item.token.name === 'GS v 0') {
      const rows = (item.bytes[6] ?? 0) + (item.bytes[7] ?? 0) * 256;
      return Math.ceil(rows / 24) * perLine;
    }
    return 0;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeSleeper = null;
        resolve();
      }, ms);
      this.wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private execute(item: Queued): void {
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
        if (this.options.supportsAsb) this.enableAsb((bytes[2] ?? 0) & 0x0f, from);
        break;
      case 'GS ( H': {
        const id = processIdOf(bytes);
        if (id !== null && this.options.supportsProcessId) this.reply(from, processIdResponse(id));
        break;
      }
      case 'ESC p':
      case 'star drawer':
        // The drawer kick pulse opens the drawer; the cashier closes it (set({ drawerOpen: false })).
        this.set({ drawerOpen: true });
        break;
    }
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

  /** Enabling sends the current status at once (Epson: "the first status is transmitted when ASB is enabled"). */
  private enableAsb(mask: number, session: Session): void {
    this.asbMask = mask;
    this.asbSession = session;
    this.lastAsbGroups = asbGroups(this.current);
    if (mask !== 0) this.reply(session, asbBlock(this.current));
  }

  private sendAsbOnChange(): void {
    if (this.star) {
      this.sendStarAsbOnChange();
      return;
    }
    if (!this.options.supportsAsb || this.asbMask === 0 || !this.answering) return;
    const groups = asbGroups(this.current);
    const changed = groups.some((value, bit) => (this.asbMask & (1 << bit)) !== 0 && value !== this.lastAsbGroups[bit]);
    this.lastAsbGroups = groups;
    if (changed) this.reply(this.asbSession, asbBlock(this.current));
  }

  /** A Star printer on Ethernet sends its ASB block by itself whenever the block changes, to the latest connection. */
  private sendStarAsbOnChange(): void {
    if (!this.link.ethernet || !this.answering) return;
    const block = this.starBlock();
    const key = Buffer.from(block).toString('hex');
    if (key === this.lastStarBlock) return;
    this.lastStarBlock = key;
    this.reply(null, block);
  }

  /** To the session the request came on while it is open, else to the most recent open one; nothing while hung. */
  private reply(preferred: Session | null, bytes: Uint8Array): void {
    if (!this.answering || this.isClosed) return;
    const usable = (session: Session): boolean => session.open && session.channel.isOpen();
    const target = preferred && usable(preferred) ? preferred : this.sessions.findLast(usable);
    target?.channel.send(bytes);
  }

  private finishIfDone(session: Session): void {
    if (!session.ended || session.finished || !session.open || !this.answering) return;
    const owesProcessId =
      this.options.supportsProcessId && this.queue.some((item) => item.from === session && item.token.name === 'GS ( H' && processIdOf(item.bytes) !== null);
    if (owesProcessId) return;
    session.finished = true;
    session.channel.finish();
  }
}
