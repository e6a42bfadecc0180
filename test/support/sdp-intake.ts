import { connect } from 'node:net';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import type { IntakeOutcome, InterpretEposPrint, OnlineOrderIntake, OnlineOrderRequest, PrinterFacts } from '../../src/main/services/intake/online-order-port';
import type { PrintCommand } from '../../src/shared/document/types';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';
import { resultTextOf } from '../../src/shared/job-error';
import type { TcpPrinterSimulator } from './printer-simulator';
import { until } from './eventually';
import { readyPrinter } from './live-status';

/**
 * The intake as the service behaves for a door: a known id is answered from the journal (pending → waits, finished →
 * its stored outcome) and never printed twice; a new one is encoded by the project's encoder and sent over TCP to a
 * device-model printer, or refused while the printer reports out of paper (nothing sent).
 */
export class SdpTestIntake implements OnlineOrderIntake {
  readonly requests: OnlineOrderRequest[] = [];
  readonly printedIds: string[] = [];
  private readonly journal = new Map<string, Promise<IntakeOutcome>>();
  private readonly listeners = new Set<() => void>();
  live: PrinterLiveStatus;

  constructor(private readonly printer: TcpPrinterSimulator) {
    this.live = readyPrinter(`tcp://127.0.0.1:${printer.port}`);
  }

  setStatus(change: Partial<PrinterLiveStatus>): void {
    this.live = { ...this.live, ...change };
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
    return { paperWidthMm: 80, dots: 576, dotsPerMm: 8, star: false };
  }
}

const EPOS_NAMESPACE = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

/**
 * A stand-in for the ePOS-Print interpreter (services/epos, wired by the lead): `<text>` and `<cut/>` only, anything
 * else a SchemaError. Enough to see an order reach paper; the real interpreter is tested on its own.
 */
export const textAndCutInterpreter: InterpretEposPrint = (xml) => {
  if (!xml.startsWith('<epos-print') || !xml.includes(`xmlns="${EPOS_NAMESPACE}"`)) return { ok: false, code: 'SchemaError' };
  const body = /^<epos-print[^>]*>([\s\S]*)<\/epos-print>$/.exec(xml)?.[1];
  if (body === undefined) return { ok: false, code: 'SchemaError' };
  const commands: PrintCommand[] = [];
  const element = /<text(?:\s[^>]*)?>([^<]*)<\/text>|<cut(?:\s[^>]*)?\/>|<cut(?:\s[^>]*)?><\/cut>/gy;
  let at = 0;
  for (let match = element.exec(body); match; match = element.exec(body)) {
    commands.push(match[0].startsWith('<text') ? { type: 'text', data: { text: decode(match[1] ?? '') } } : { type: 'cut' });
    at = element.lastIndex;
  }
  if (at !== body.length) return { ok: false, code: 'SchemaError' };
  return { ok: true, document: { version: '1.0', commands } };
};

function decode(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, body: string) =>
    body.startsWith('#') ? String.fromCodePoint(body[1] === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1))) : (named[body] ?? whole),
  );
}
