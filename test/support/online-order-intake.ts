import { connect } from 'node:net';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import type { IntakeOutcome, OnlineOrderIntake, OnlineOrderRequest, PrinterFacts } from '../../src/main/services/intake/online-order-port';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';
import { resultTextOf } from '../../src/shared/job-error';
import type { TcpPrinterSimulator } from './printer-simulator';
import { until } from './eventually';

export const READY: PrinterLiveStatus = {
  uri: 'tcp://127.0.0.1:9100',
  link: 'answering',
  offline: false,
  coverOpen: false,
  paper: 'ok',
  drawerOpen: false,
  faults: [],
  unknownBits: [],
  answeredAt: 0,
  confirmsOnPaper: false,
};

/**
 * The intake as the service behaves for a door: a known id is answered from the journal (pending → waits, finished →
 * its stored outcome) and never printed twice; a new one is encoded by the project's encoder and sent over TCP to a
 * device-model printer, or refused while the printer reports out of paper (nothing sent).
 */
export class PrintingIntake implements OnlineOrderIntake {
  readonly requests: OnlineOrderRequest[] = [];
  readonly printedIds: string[] = [];
  private readonly journal = new Map<string, Promise<IntakeOutcome>>();
  private readonly listeners = new Set<() => void>();
  live: PrinterLiveStatus = READY;

  constructor(
    private readonly printer: TcpPrinterSimulator,
    readonly facts: PrinterFacts = { paperWidthMm: 80, dots: 576, dotsPerMm: 8, star: false },
  ) {}

  /** What the printer says now: the fields given change, the rest stay. */
  setStatus(status: Partial<PrinterLiveStatus>): void {
    this.live = { ...this.live, ...status };
    for (const listener of this.listeners) listener();
  }

  print(request: OnlineOrderRequest): Promise<IntakeOutcome> {
    this.requests.push(request);
    const known = this.journal.get(request.id);
    if (known) return known;
    const outcome = this.printNew(request);
    this.journal.set(request.id, outcome);
    return outcome;
  }

  private async printNew(request: OnlineOrderRequest): Promise<IntakeOutcome> {
    if (this.live.paper === 'out') return { kind: 'refused', mensaje: 'PRINTER: sin papel / out of paper', status: this.live };
    let bytes: Uint8Array;
    try {
      bytes = encodeDocument(request.document, { safeMode: true });
    } catch (error) {
      return { kind: 'failed', mensaje: resultTextOf(error), status: this.live };
    }
    const before = this.printer.bytesRead();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(this.printer.port, '127.0.0.1', () => socket.end(bytes, () => resolve()));
      socket.on('error', reject);
    });
    await until(() => this.printer.bytesRead() >= before + bytes.length && this.printer.buffered() === 0, 'the printer printed the job', 15_000);
    this.printedIds.push(request.id);
    return { kind: 'printed', mensaje: 'OK', status: this.live };
  }

  status(): PrinterLiveStatus | undefined {
    return this.live;
  }

  watchStatus(_printer: string, listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  describe(): PrinterFacts {
    return this.facts;
  }
}
