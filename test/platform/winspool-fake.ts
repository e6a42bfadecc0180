import type { WinspoolBinding, WinspoolHandle, WinspoolPrinterInfo } from '../../src/main/platform/winspool/winspool-binding';
import { WinspoolCallError } from '../../src/main/platform/winspool/winspool-binding';

export const spoolerPrinter = (printerName: string, overrides: Partial<WinspoolPrinterInfo> = {}): WinspoolPrinterInfo => ({
  printerName,
  portName: 'USB001',
  driverName: printerName,
  comment: '',
  location: '',
  status: 0,
  attributes: 0,
  jobs: 0,
  ...overrides,
});

/** An in-memory spooler: records every call, keeps each finished document's bytes, and can be told to misbehave. */
export class FakeSpooler implements WinspoolBinding {
  calls: string[] = [];
  documents: Array<{ printer: string; name: string; datatype: string; bytes: Buffer }> = [];
  /** Bytes WritePrinter takes per call (the spooler may take less than asked). */
  writeLimit = Number.POSITIVE_INFINITY;
  failing = new Set<string>();
  /** Calls that wait, without answering, until `answerAgain()`: a spooler stuck on an unreachable print server. */
  hanging = new Set<string>();
  private gate = FakeSpooler.newGate();
  private open = new Map<WinspoolHandle, { printer: string; doc?: { name: string; chunks: Buffer[] } }>();
  private nextHandle = 1n;

  constructor(
    public printers: WinspoolPrinterInfo[],
    public defaultPrinter?: string,
  ) {}

  get openHandles(): number {
    return this.open.size;
  }

  /** Every hanging call answers now, and none hangs from here on. */
  answerAgain(): void {
    this.hanging.clear();
    this.gate.open();
    this.gate = FakeSpooler.newGate();
  }

  private static newGate(): { promise: Promise<void>; open: () => void } {
    let open = (): void => undefined;
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { promise, open };
  }

  private async step(call: string): Promise<void> {
    this.calls.push(call);
    if (this.hanging.has(call)) await this.gate.promise;
    if (this.failing.has(call)) throw new WinspoolCallError(call);
  }

  async enumPrinters() {
    await this.step('EnumPrintersW');
    return this.printers.map((printer) => ({ ...printer }));
  }
  async enumPrinterNames() {
    await this.step('EnumPrintersW(4)');
    return this.printers.map((printer) => ({ printerName: printer.printerName, serverName: '', attributes: printer.attributes }));
  }
  async getDefaultPrinter() {
    await this.step('GetDefaultPrinterW');
    return this.defaultPrinter;
  }
  async openPrinter(name: string) {
    await this.step('OpenPrinterW');
    // Like the real spooler: any installed queue opens, whatever its status.
    if (!this.printers.some((printer) => printer.printerName === name)) throw new WinspoolCallError('OpenPrinterW');
    const handle = this.nextHandle++;
    this.open.set(handle, { printer: name });
    return handle;
  }
  async getPrinter(handle: WinspoolHandle) {
    await this.step('GetPrinterW');
    const state = this.state(handle);
    const info = this.printers.find((printer) => printer.printerName === state.printer);
    if (!info) throw new WinspoolCallError('GetPrinterW');
    return { ...info };
  }
  async startDocRaw(handle: WinspoolHandle, documentName: string) {
    await this.step('StartDocPrinterW');
    this.state(handle).doc = { name: documentName, chunks: [] };
    return 7;
  }
  async startPage(handle: WinspoolHandle) {
    await this.step('StartPagePrinter');
    this.state(handle);
  }
  async write(handle: WinspoolHandle, bytes: Uint8Array) {
    await this.step('WritePrinter');
    const doc = this.state(handle).doc;
    if (!doc) throw new WinspoolCallError('WritePrinter');
    const taken = Buffer.from(bytes.subarray(0, Math.min(bytes.length, this.writeLimit)));
    doc.chunks.push(taken);
    return taken.length;
  }
  async endPage(handle: WinspoolHandle) {
    await this.step('EndPagePrinter');
    this.state(handle);
  }
  async endDoc(handle: WinspoolHandle) {
    await this.step('EndDocPrinter');
    const state = this.state(handle);
    if (state.doc) this.documents.push({ printer: state.printer, name: state.doc.name, datatype: 'RAW', bytes: Buffer.concat(state.doc.chunks) });
    delete state.doc;
  }
  async abort(handle: WinspoolHandle) {
    await this.step('AbortPrinter');
    delete this.state(handle).doc;
  }
  async closePrinter(handle: WinspoolHandle) {
    await this.step('ClosePrinter');
    this.open.delete(handle);
  }

  private state(handle: WinspoolHandle) {
    const state = this.open.get(handle);
    if (!state) throw new WinspoolCallError('invalid handle');
    return state;
  }
}
