import { JobError } from '../../../shared/job-error';
import type { PrinterSession } from '../printers/printer-transport';
import type { StatusReading } from './escpos-status-bits';
import { ESCPOS_STATUS_DIALECT } from './escpos-status-dialect';
import { HeardBacklog } from './heard-backlog';
import { isStatusBlock, sameStatusBlock, type PrinterReply } from './reply-reader';

/** Thrown when the printer does not answer a status request in time: it is offline, unplugged or hung. */
export class SilentPrinterError extends JobError {
  constructor(where: string, waitedMs: number) {
    super('PRINTER', `${where} did not answer a status request within ${waitedMs} ms (offline, unplugged or hung)`);
  }
}

/**
 * The session ended (the printer hung up or reset) before a status request was answered. A SilentPrinterError too, so
 * the monitor counts it like any unanswered request; a job waiting for that answer was cut off, not left unconfirmed.
 */
export class LinkLostError extends SilentPrinterError {
  constructor(where: string, waitedMs: number) {
    super(where, waitedMs);
    this.name = 'LinkLostError';
  }
}

/** How one command language asks a printer about itself and what the answers look like. */
export interface StatusDialect {
  /** One status round's request. */
  request: Uint8Array;
  /** A splitter of one session's replies into answers. */
  reader(): { push(chunk: Uint8Array): PrinterReply[] };
  /** Whether a reply answers the open round (else it is something the printer volunteered). */
  answersRound(reply: PrinterReply): boolean;
  /** Answers one round needs. */
  answersPerRound: number;
  /** What a full round's answers say together. */
  decodeRound(answers: readonly PrinterReply[]): StatusReading;
  /**
   * What a reply outside a round says, or null: an ESC/POS real-time byte then is a late answer and dropped (never
   * read as the next round's), while Star's ASB block is the same whether asked for or sent by itself.
   */
  volunteered(reply: PrinterReply): StatusReading | null;
  /**
   * What is asked before the first byte of a job (checkBeforeJob): a round's requests, each answered by one answer
   * and sent only once the one before was answered (a status the printer volunteers meanwhile decides too). One at a
   * time because a printer's TCP stack may hold a second small answer until the first is acknowledged (Nagle), and
   * the computer may delay that acknowledgement (40 ms on Linux): asking the next one acknowledges the last at once.
   */
  checkBeforeJob: readonly Uint8Array[];
  /** A job's bytes as written, with what watches it (processId: ask for a confirmation on paper). */
  job(bytes: Uint8Array, processId: string | null): Uint8Array;
  /** Drops what a stopped printer still holds of a job; null where the language documents no such command. */
  clearBuffers: Uint8Array | null;
}


interface Round {
  answers: PrinterReply[];
  /** Answers the requests sent so far will bring. */
  due: number;
  /**
   * Where the backlog stood (HeardBacklog.heardBytes) when the last request was written: only bytes heard after it
   * can answer it, however long they waited to be read.
   */
  askedAt: number;
  /** The same when the round's first request was written: a status volunteered after it can decide the round. */
  openedAt: number;
  /** Requests still to send, each once every answer due has come (one answer each). */
  next: Uint8Array[];
  done: (reading: StatusReading) => void;
  /** A status the printer volunteers (ASB) answers this round too (the check before a job). */
  orVolunteered: boolean;
}

/**
 * Asks a printer about itself over one session and hears what it volunteers (Automatic Status Back, process
 * ID responses). Status rounds never overlap: the next is asked only once the last was answered in full, so an
 * answer is always matched to its own request; a round left unanswered ends the conversation (a late answer could
 * otherwise be read as the next round's).
 *
 * What the printer sends is read in bounded slices (HeardBacklog), so a device that floods status costs the event
 * loop one slice per turn. A run of volunteered statuses is passed on as its newest (a newer status supersedes an
 * older one), and only when it differs from the last one passed on, so `onReading` runs once per change, not once per
 * 4-byte block. Nothing else is ever dropped or reordered: round answers, process ID and buffer-cleared responses are
 * handled in the order they came, each after the statuses sent before it.
 */
export class StatusConversation {
  private readonly reader: { push(chunk: Uint8Array): PrinterReply[] };
  private readonly backlog = new HeardBacklog((slice, endsAt) => this.read(slice, endsAt));
  private round: Round | null = null;
  /** The newest volunteered status of the run being read, not passed on yet (decoded only then). */
  private newestStatus: PrinterReply | null = null;
  /** The volunteered status last passed on; null once a round's reading came after it. */
  private lastStatus: PrinterReply | null = null;
  /**
   * Answers still due to a round that a volunteered status already decided (checkBeforeJob): they are dropped as they
   * come, so a later round never takes them for its own. A printer that never sends them leaves that round
   * unanswered (silent), never answered with stale bytes.
   */
  private owed = 0;
  private readonly processIds = new Set<string>();
  private readonly clearedWaiters: Array<() => void> = [];
  private readonly processWaiters = new Map<string, () => void>();
  private broken = false;
  /** Writes the open round's next request (set by each round, so a failed write ends that round). */
  private send: (request: Uint8Array) => void = () => undefined;
  /** When the printer last sent anything (ms, performance clock). */
  private heardAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly session: PrinterSession,
    private readonly where: string,
    /** Called with every status the printer volunteers (ASB) or answers. */
    private readonly onReading: (reading: StatusReading) => void,
    private readonly dialect: StatusDialect = ESCPOS_STATUS_DIALECT,
  ) {
    this.reader = dialect.reader();
    session.onData((bytes) => {
      this.heardAt = performance.now();
      return this.backlog.push(bytes);
    });
    // What the printer sent before it hung up is still its word (an answer, then the close), read before anyone is
    // told the link is lost (these reactions run before ask's). Once a round went unanswered the monitor has called
    // the printer silent: a status left unread then would call it answering again, so it is dropped.
    void session.ended.then(() => (this.broken ? this.backlog.clear() : this.backlog.readAll()));
  }

  /**
   * One status round (DLE EOT 1–4 in one write; Star's ESC ACK SOH); resolves with what its answers say together. The printer has `timeoutMs` to
   * answer; one that keeps talking meanwhile (ASB while it digests a long job queued before the request) is given up
   * to `patienceMs` in all, since the request only reaches it once it has taken the bytes in front.
   */
  readStatus(timeoutMs: number, patienceMs = timeoutMs): Promise<StatusReading> {
    return this.ask({ first: this.dialect.request, due: this.dialect.answersPerRound, next: [], orVolunteered: false }, timeoutMs, patienceMs);
  }

  /**
   * The round written right behind a job: its request reaches the printer only once every byte in front of it has, so
   * it is waited for as long as `stillComing` says the printer is still taking the job or printing what it took (see
   * BytesFlow), checked every `timeoutMs`.
   */
  readStatusBehindJob(timeoutMs: number, stillComing: () => boolean): Promise<StatusReading> {
    return this.ask({ first: this.dialect.request, due: this.dialect.answersPerRound, next: [], orVolunteered: false }, timeoutMs, Number.POSITIVE_INFINITY, stillComing);
  }

  /**
   * The check before a job's first byte (dialect.checkBeforeJob): resolves with what the round's answers say or with
   * the first status the printer volunteers (ASB it still sends by itself), whichever comes first; bounded by
   * `timeoutMs` like any round.
   */
  readStatusBeforeJob(timeoutMs: number): Promise<StatusReading> {
    const [first = this.dialect.request, ...next] = this.dialect.checkBeforeJob;
    return this.ask({ first, due: 1, next, orVolunteered: true }, timeoutMs, timeoutMs);
  }

  /** Resolves once the printer answered a buffer clear (ESC/POS `37 25 00`): what it held of the job is gone. */
  cleared(): Promise<void> {
    return new Promise((done) => this.clearedWaiters.push(done));
  }

  private async ask(
    plan: { first: Uint8Array; due: number; next: readonly Uint8Array[]; orVolunteered: boolean },
    timeoutMs: number,
    patienceMs: number,
    /** Whether to keep waiting past `timeoutMs`; by default, while the printer keeps talking (within patienceMs). */
    stillComing?: () => boolean,
  ): Promise<StatusReading> {
    if (this.broken) throw new SilentPrinterError(this.where, timeoutMs);
    let round: Round | null = null;
    const answered = new Promise<StatusReading>((done) => {
      const at = this.backlog.heardBytes;
      round = { answers: [], due: plan.due, askedAt: at, openedAt: at, next: [...plan.next], done, orVolunteered: plan.orVolunteered };
      this.round = round;
    });
    const asked = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((done) => {
      const check = (): void => {
        const now = performance.now();
        const alive = (stillComing ? stillComing() : this.heardAt >= asked) && now - asked < patienceMs;
        if (!alive) {
          // The answer may be heard and still waiting to be read (behind a flood): read it before giving up.
          this.backlog.readAll();
          if (this.round === round) done(null);
          return;
        }
        timer = setTimeout(check, Math.min(timeoutMs, patienceMs - (now - asked)));
      };
      timer = setTimeout(check, timeoutMs);
    });
    // Not awaited alone: a request stuck behind bytes the printer is not reading must still end at the timeout. A
    // failed write settles as a value, so one that fails after the round ended is never an unhandled rejection.
    const sent = new Promise<{ writeFailed: unknown }>((failed) => {
      this.send = (request) => {
        if (this.round) this.round.askedAt = this.backlog.heardBytes;
        void this.session.write(request).catch((error: unknown) => failed({ writeFailed: error }));
      };
    });
    this.send(plan.first);
    const lost = this.session.ended.then(() => 'lost' as const);
    try {
      const reading = await Promise.race([answered, timedOut, lost, sent]);
      if (reading === 'lost') {
        this.broken = true;
        throw new LinkLostError(this.where, timeoutMs);
      }
      if (reading !== null && 'writeFailed' in reading) {
        this.broken = true;
        throw reading.writeFailed;
      }
      if (!reading) {
        this.broken = true;
        throw new SilentPrinterError(this.where, timeoutMs);
      }
      return reading;
    } finally {
      clearTimeout(timer);
      this.round = null;
    }
  }

  /** Resolves once the printer sent the process ID response `id` (GS ( H): everything before it is on paper. */
  processed(id: string): Promise<void> {
    if (this.processIds.has(id)) return Promise.resolve();
    return new Promise((done) => this.processWaiters.set(id, done));
  }

  /** One slice of what the printer sent, `endsAt` bytes into the session (see Round.askedAt). */
  private read(slice: Uint8Array, endsAt: number): void {
    for (const reply of this.reader.push(slice)) {
      if (reply.kind === 'process-id') {
        this.passStatus(endsAt);
        this.processIds.add(reply.id);
        this.processWaiters.get(reply.id)?.();
        this.processWaiters.delete(reply.id);
      } else if (reply.kind === 'buffers-cleared') {
        this.passStatus(endsAt);
        for (const done of this.clearedWaiters.splice(0)) done();
      } else if (this.owed > 0 && this.dialect.answersRound(reply)) {
        this.owed -= 1;
      } else if (this.round && endsAt > this.round.askedAt && this.dialect.answersRound(reply)) {
        this.passStatus(endsAt);
        const round = this.round;
        round.answers.push(reply);
        if (round.answers.length < round.due) continue;
        const request = round.next.shift();
        if (request) {
          round.due += 1;
          this.send(request);
          continue;
        }
        this.round = null;
        const reading = this.dialect.decodeRound(round.answers);
        this.lastStatus = null;
        this.onReading(reading);
        round.done(reading);
      } else if (isStatusBlock(reply)) {
        this.newestStatus = reply;
      } else {
        const reading = this.dialect.volunteered(reply);
        if (!reading) continue;
        this.passStatus(endsAt);
        this.lastStatus = null;
        this.volunteered(reading, endsAt);
      }
    }
    this.passStatus(endsAt);
  }

  /** Passes on the newest volunteered status read, unless it is the one passed on last (it still decides a check). */
  private passStatus(endsAt: number): void {
    const reply = this.newestStatus;
    if (!reply) return;
    this.newestStatus = null;
    const reading = this.dialect.volunteered(reply);
    if (!reading) return;
    if (sameStatusBlock(reply, this.lastStatus)) {
      this.decide(reading, endsAt);
      return;
    }
    this.lastStatus = reply;
    this.volunteered(reading, endsAt);
  }

  private volunteered(reading: StatusReading, endsAt: number): void {
    this.onReading(reading);
    this.decide(reading, endsAt);
  }

  /** A status the printer sent by itself after the check was asked decides it (readStatusBeforeJob). */
  private decide(reading: StatusReading, endsAt: number): void {
    const round = this.round;
    if (!round?.orVolunteered || endsAt <= round.openedAt) return;
    // The printer spoke first by itself: that decides the check; the round's answers still on their way are owed.
    this.round = null;
    this.owed = round.due - round.answers.length;
    round.done(reading);
  }
}
