import type { DiscoveredPrinter, PrinterDiscovery } from '../../services/printers/printer-discovery';
import { WinspoolUnavailableError, type WinspoolBinding, type WinspoolPrinterInfo, type WinspoolPrinterName } from './winspool-binding';
import { winspoolStatus } from './winspool-status';

export interface WinspoolDiscoveryOptions {
  /** How long a listing may take before the last good one is served, marked stale (5 s). */
  timeoutMs?: number;
  now?: () => number;
}

/** One listing of the spooler, filled in as its calls answer. */
interface Round {
  startedAt: number;
  /** Level 4: asked first, as it stays quick when level 2 waits on a print server. */
  names?: WinspoolPrinterName[];
  /** Set once GetDefaultPrinterW answered (undefined then means "no default"). */
  defaultAsked: boolean;
  defaultName?: string | undefined;
  done: Promise<DiscoveredPrinter[]>;
}

const timeOfDay = (at: number): string => new Date(at).toTimeString().slice(0, 8);

/**
 * Windows printers from the spooler: local queues and connections to shared ones. On Windows, level 2 of a listing
 * blocks for tens of seconds when a shared printer's server does not answer, so a listing is bounded: past
 * `timeoutMs` the last good list is served (names from level 4 when it answered), every entry marked stale with
 * status `unknown` (or `offline` for "Use Printer Offline"). A listing still under way is joined, never repeated,
 * and once it is overdue callers get the stale list at once. With nothing listed yet, the listing fails instead.
 */
export function createWinspoolDiscovery(binding: () => Promise<WinspoolBinding>, options: WinspoolDiscoveryOptions = {}): PrinterDiscovery {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  let lastGood: { printers: DiscoveredPrinter[]; at: number } | undefined;
  let running: Round | undefined;

  const start = (): Round => {
    const round: Round = { startedAt: now(), defaultAsked: false, done: Promise.resolve([]) };
    round.done = (async () => {
      const spooler = await binding();
      // Best effort: a spooler refusing level 4 still lists at level 2; one that does not answer fails the round.
      round.names = await spooler.enumPrinterNames().catch((error: unknown) => {
        if (error instanceof WinspoolUnavailableError) throw error;
        return undefined;
      });
      round.defaultName = await spooler.getDefaultPrinter();
      round.defaultAsked = true;
      const printers = (await spooler.enumPrinters()).map((printer) => detail(printer, round.defaultName));
      lastGood = { printers, at: now() };
      return printers;
    })();
    const forget = (): void => {
      if (running === round) running = undefined;
    };
    round.done.then(forget, forget);
    return round;
  };

  /** The last good list brought up to date with what this round learnt (level 4 names, the default printer). */
  const stale = (round: Round, reason: string): DiscoveredPrinter[] => {
    if (!round.names && !lastGood) throw new Error(reason);
    const note = `${reason}; ${lastGood ? `showing the printers as listed at ${timeOfDay(lastGood.at)}` : 'showing their names only'} (stale)`;
    const known = new Map((lastGood?.printers ?? []).map((printer) => [printer.name.toLowerCase(), printer]));
    const entries = round.names
      ? round.names.map((entry) => ({ printer: known.get(entry.printerName.toLowerCase()) ?? nameOnly(entry), attributes: entry.attributes }))
      : (lastGood?.printers ?? []).map((printer) => ({ printer, attributes: 0 }));
    return entries.map(({ printer, attributes }) => ({
      ...printer,
      // The status is not known now; "Use Printer Offline" is, from level 4.
      status: winspoolStatus(0, attributes) === 'offline' ? 'offline' : 'unknown',
      isDefault: round.defaultAsked ? printer.name === round.defaultName : printer.isDefault,
      stale: note,
    }));
  };

  return {
    source: 'winspool',
    async discover(): Promise<DiscoveredPrinter[]> {
      const round = (running ??= start());
      const left = round.startedAt + timeoutMs - now();
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<'overdue'>((resolve) => {
        timer = setTimeout(() => resolve('overdue'), Math.max(0, left));
      });
      try {
        const answer = await Promise.race([round.done, overdue]);
        if (answer !== 'overdue') return answer;
        return stale(round, `the Windows spooler did not answer within ${timeoutMs} ms`);
      } catch (error) {
        if (error instanceof WinspoolUnavailableError) return stale(round, `the Windows spooler is not available (${error.message})`);
        return stale(round, error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function detail(printer: WinspoolPrinterInfo, defaultName: string | undefined): DiscoveredPrinter {
  return {
    name: printer.printerName,
    uri: `windows:${printer.printerName}`,
    port: printer.portName,
    driver: printer.driverName,
    status: winspoolStatus(printer.status, printer.attributes),
    isDefault: printer.printerName === defaultName,
    hints: [printer.comment].filter(Boolean),
  };
}

/** A printer known only by its level-4 entry: no port or driver yet, classified by its name. */
function nameOnly(entry: WinspoolPrinterName): DiscoveredPrinter {
  return {
    name: entry.printerName,
    uri: `windows:${entry.printerName}`,
    port: '',
    driver: '',
    status: 'unknown',
    isDefault: false,
    hints: [],
  };
}
