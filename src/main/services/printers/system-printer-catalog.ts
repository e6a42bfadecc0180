import { JobError } from '../../../shared/job-error';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import { classifyPrinter } from './classify-printer';
import type { PrinterCatalog, PrinterListing } from './printer-catalog';
import type { DiscoveredPrinter, PrinterDiscovery } from './printer-discovery';
import { summarizePrinters } from './printer-summary';
import { parsePrinterUri } from './printer-uri';

export interface PrinterCatalogOptions {
  /** The system's printer sources (winspool on Windows, CUPS elsewhere); each failing source is skipped. */
  discovery: PrinterDiscovery[];
  /** The built-in printer's display name; it is always listed and is where jobs go when nothing else fits. */
  virtualPrinterName: string;
  /** The configured default printer: a queue name or a printer URI. */
  defaultPrinter?: string | undefined;
  /** How old a listing may be when routing a job before it is asked again. */
  routingMaxAgeMs?: number;
  /** After-job refreshes are at most this far apart, so a busy till does not spawn lpstat per receipt. */
  afterJobGapMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

export interface SystemPrinterCatalog extends PrinterCatalog {
  /** Asks the system again in the background (after each job: that is when a stale USB status gets corrected). */
  refreshAfterJob(): void;
  onListing(listener: (list: PrinterListing) => void): () => void;
  /** Why sources failed on the last listing, e.g. `cups: scheduler is not running`. */
  lastErrors(): string[];
}

interface Listing {
  printers: PrinterDetail[];
  uris: Map<string, string>;
  summary: PrinterSummary;
  at: number;
}

const PRINTER_URI = /^(?:virtual$|tcp:\/\/|cups:|windows:|usb:)/;

export function createPrinterCatalog(options: PrinterCatalogOptions): SystemPrinterCatalog {
  const now = options.now ?? Date.now;
  const routingMaxAgeMs = options.routingMaxAgeMs ?? 30_000;
  const virtualDetail: PrinterDetail = {
    name: options.virtualPrinterName,
    port: 'virtual',
    driver: 'Ticketera',
    status: 'ready',
    is_default: false,
    is_virtual: true,
    printer_type: 'virtual',
  };
  const afterJobGapMs = options.afterJobGapMs ?? 2_000;
  let listing: Listing | null = null;
  let inFlight: Promise<Listing> | null = null;
  let afterJobTimer: NodeJS.Timeout | null = null;
  const listeners = new Set<(list: PrinterListing) => void>();
  let lastAfterJob = Number.NEGATIVE_INFINITY;
  let errors: string[] = [];

  const build = async (): Promise<Listing> => {
    const found: DiscoveredPrinter[] = [];
    const failures: string[] = [];
    await Promise.all(
      options.discovery.map(async (source) => {
        try {
          const listed = await source.discover();
          found.push(...listed);
          // A source serving its last good list (it did not answer) is reported like a failing one.
          const stale = listed.find((printer) => printer.stale)?.stale;
          if (stale) failures.push(`${source.source}: ${stale}`);
        } catch (error) {
          failures.push(`${source.source}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
    // Listing runs after every job: log a failing source when it starts (or changes how it fails), not each time.
    for (const failure of failures) if (!errors.includes(failure)) options.log?.(`printer discovery failed (${failure})`);
    errors = failures;
    const uris = new Map<string, string>();
    const printers: PrinterDetail[] = [];
    for (const printer of found) {
      if (uris.has(printer.name) || printer.name === virtualDetail.name) continue;
      uris.set(printer.name, printer.uri);
      const { printer_type, is_virtual } = classifyPrinter(printer);
      printers.push({
        name: printer.name,
        port: printer.port,
        driver: printer.driver,
        status: printer.status,
        is_default: printer.isDefault,
        is_virtual,
        printer_type,
      });
    }
    printers.push({ ...virtualDetail });
    uris.set(virtualDetail.name, 'virtual');
    return { printers, uris, summary: summarizePrinters(printers), at: now() };
  };

  const refresh = (): Promise<Listing> => {
    inFlight ??= build()
      .then((fresh) => {
        listing = fresh;
        for (const listener of listeners) listener(copyOf(fresh));
        return fresh;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const recent = async (): Promise<Listing> =>
    listing && now() - listing.at <= routingMaxAgeMs ? listing : refresh();

  const uriForName = async (name: string): Promise<string> => {
    const known = lookup(await recent(), name) ?? lookup(await refresh(), name);
    if (known) return known;
    const installed = (listing?.printers ?? []).map((printer) => printer.name).join(', ');
    throw new JobError('PRINTER', `printer "${name}" not found (installed: ${installed})`);
  };

  const uriFor = async (requested: string): Promise<string> => {
    if (!PRINTER_URI.test(requested)) return uriForName(requested);
    parsePrinterUri(requested);
    return requested;
  };

  const systemThermal = async (): Promise<string | undefined> => {
    const current = await recent();
    const thermal = current.printers.filter((printer) => printer.printer_type === 'thermal');
    const chosen = thermal.find((printer) => printer.is_default) ?? thermal[0];
    return chosen ? current.uris.get(chosen.name) : undefined;
  };

  return {
    async list() {
      return copyOf(await refresh());
    },
    onListing(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastSummary() {
      if (!listing) {
        // /health must not wait on the system; the first call starts the first listing for the next one.
        void refresh().catch(() => undefined);
        return summarizePrinters([virtualDetail]);
      }
      return { ...listing.summary };
    },
    async resolve(requested) {
      const named = requested?.trim();
      if (named) return uriFor(named);
      const configured = options.defaultPrinter?.trim();
      if (configured) return uriFor(configured);
      return (await systemThermal()) ?? 'virtual';
    },
    refreshAfterJob() {
      // Trailing: the last job of a burst still gets its printer's status read.
      if (afterJobTimer) return;
      afterJobTimer = setTimeout(() => {
        afterJobTimer = null;
        lastAfterJob = now();
        void refresh().catch(() => undefined);
      }, Math.max(0, lastAfterJob + afterJobGapMs - now()));
      afterJobTimer.unref();
    },
    lastErrors: () => [...errors],
  };
}

/** Callers get their own copies: a listing is shared state of the catalog. */
function copyOf(listing: Listing): PrinterListing {
  return { printers: listing.printers.map((printer) => ({ ...printer })), summary: { ...listing.summary } };
}

/** Windows and CUPS queue names are case-insensitive; an exact match still wins. */
function lookup(listing: Listing, name: string): string | undefined {
  const exact = listing.uris.get(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  for (const [candidate, uri] of listing.uris) if (candidate.toLowerCase() === lower) return uri;
  return undefined;
}
