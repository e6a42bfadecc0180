import { ESC_POS_LINE_MM } from './paper-motion';

export { ESC_POS_LINE_MM, STAR_LINE_MM } from './paper-motion';
import { startTcpPrinterSimulator } from './tcp-simulator';
import type { TcpPrinterSimulator, TcpPrinterSimulatorOptions } from './types';

/**
 * Network receipt printers as they behave in shops:
 * - `plain`: answers no status at all, closes the connection once it has printed everything;
 * - `status-no-asb`: answers DLE EOT but has no ASB and no process ID, keeps the connection open (most clones);
 * - `epson`: DLE EOT, ASB and process ID (an Epson TM), keeps the connection open;
 * - `star`: a Star printer (ESC ACK SOH, its ASB block sent by itself over Ethernet), keeps the connection open.
 */
export type RealPrinterKind = 'plain' | 'status-no-asb' | 'epson' | 'star';

const PRESETS: Record<RealPrinterKind, TcpPrinterSimulatorOptions> = {
  plain: { answersRealTime: false, supportsAsb: false, supportsProcessId: false, closeAfterEof: 'after-printing' },
  'status-no-asb': { answersRealTime: true, supportsAsb: false, supportsProcessId: false, closeAfterEof: 'never' },
  epson: { answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' },
  star: { language: 'star', closeAfterEof: 'never' },
};

/** An 80 mm printer of the TM-T20 class on its own network interface: 250 mm/s, a 4 KB buffer, a small TCP window. */
const REAL_DEFAULTS: TcpPrinterSimulatorOptions = { mmPerSecond: 250, bufferBytes: 4096, socketReceiveBufferBytes: 4096 };

/** A TCP printer simulator that prints at real speed behind a real-sized buffer, as `kind` (overrides win). */
export function startRealPrinter(kind: RealPrinterKind, overrides: TcpPrinterSimulatorOptions = {}): Promise<TcpPrinterSimulator> {
  return startTcpPrinterSimulator({ ...REAL_DEFAULTS, ...PRESETS[kind], ...overrides });
}

/** Characters per line of font A on 80 mm paper. */
const COLUMNS = 48;

export interface ReceiptOptions {
  /** The last line's text, to wait for (printedText / waitForPrinted). Default `END OF RECEIPT`. */
  marker?: string;
  /** Ends with a full cut (GS V 0), which takes 150 ms at real speed and no paper. Default false. */
  cut?: boolean;
  /**
   * The line spacing of the printer it is for, to count the lines: ESC/POS's 1/6 inch (default), or 4 for a Star
   * printer (STAR_LINE_MM), whose lines of this same text are 4 mm.
   */
  lineMm?: number;
}

/**
 * A plain text receipt `metres` long in ESC/POS: ESC @, then 48-column lines (item, dots, price) each ending in LF at
 * the default 1/6 inch line spacing, the last one `marker`. 49 bytes per 4.23 mm: 1.1 m is 260 lines, about 12.7 KB.
 * Only ESC @, text and LF, so a Star printer prints it too (with its own line spacing: see `lineMm`).
 */
export function receiptOfLength(metres: number, options: ReceiptOptions = {}): Uint8Array {
  const marker = options.marker ?? 'END OF RECEIPT';
  const lines = Math.max(1, Math.round((metres * 1000) / (options.lineMm ?? ESC_POS_LINE_MM)));
  const body: string[] = [];
  for (let index = 1; index < lines; index++) {
    const item = `Item ${String(index).padStart(4, '0')}`;
    const price = `${(index % 97) + 1}.${String(index % 100).padStart(2, '0')}`;
    body.push(`${item} ${'.'.repeat(COLUMNS - item.length - price.length - 2)} ${price}\n`);
  }
  body.push(`${marker.slice(0, COLUMNS)}\n`);
  const cut = options.cut ? [0x1d, 0x56, 0x00] : [];
  return new Uint8Array(Buffer.concat([Uint8Array.of(0x1b, 0x40), Buffer.from(body.join(''), 'latin1'), Uint8Array.from(cut)]));
}
