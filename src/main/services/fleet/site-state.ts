import type { HealthResponse } from '../../../shared/protocol';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import { blockerOf } from '../../../shared/printer-status/live-status';
import type { PrintService } from '../print-service';
import { healthOf } from '../health/health';

/** A site's retained state message (`ticketera/sites/<site>/state`), read by `fleet sites` and the chain's tools. */
export interface SiteState {
  online: boolean;
  site: string;
  /** When this state was published (ISO 8601, the shop's clock). */
  at: string;
  version: string;
  /** The `/health` fields; absent in the last will. */
  health?: HealthResponse;
  printers?: Array<PrinterDetail & { live?: LivePrinter }>;
  summary?: PrinterSummary;
  held?: { count: number; ids: string[] };
  lastTicketAt?: string | null;
  /** Why it went offline (the last will says the connection was lost). */
  reason?: string;
}

/** What a printer that reads back last said about itself, short. */
export interface LivePrinter {
  paper: PrinterLiveStatus['paper'];
  coverOpen: boolean;
  link: PrinterLiveStatus['link'];
  blocker: string | null;
}

/** Held tickets named in the state: enough for a chain's dashboard, bounded whatever piles up in a shop. */
const MAX_HELD_IDS = 20;

export async function siteStateOf(service: PrintService, site: string, env: string, version: string, lastTicketAt: string | null): Promise<SiteState> {
  const { printers, summary } = await service.printers();
  const statuses = new Map(service.printerStatuses().map((status) => [status.uri, status]));
  let held: string[] = [];
  try {
    held = service.journal.held(500).map((job) => job.id);
  } catch {
    // A journal that cannot be read right now: the health fields already say so.
  }
  return {
    online: true,
    site,
    at: new Date().toISOString(),
    version,
    health: healthOf(service, env),
    printers: printers.map((printer) => {
      const status = statuses.get(printer.port) ?? statuses.get(printer.name);
      return status ? { ...printer, live: { paper: status.paper, coverOpen: status.coverOpen, link: status.link, blocker: blockerOf(status) } } : printer;
    }),
    summary,
    held: { count: held.length, ids: held.slice(0, MAX_HELD_IDS) },
    lastTicketAt,
  };
}

/** The last will: published by the broker when the site's connection is lost without a goodbye. */
export function offlineState(site: string, version: string, reason: string): SiteState {
  return { online: false, site, at: new Date().toISOString(), version, reason };
}
