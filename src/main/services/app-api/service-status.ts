import os from 'node:os';
import path from 'node:path';
import { queueText } from '../../../shared/protocol';
import type { PrintRoute, ServiceStatus } from '../../../shared/contract/types';
import type { PrinterDetail } from '../../../shared/printers';
import { protocolStatusOf, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { RunningService } from '../../service-host';
import { buildInfo } from '../build-info';
import { lastListingOf } from '../printers/last-listing';
import { journalHealthOf } from '../health/health';
import { wssUrlsOf } from '../server/tls-addresses';
import type { ServiceConfig } from '../service-config';

export function serviceStatusOf(running: RunningService, config: ServiceConfig): ServiceStatus {
  const snapshot = running.service.snapshot();
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const host = everywhere ? 'localhost' : config.host;
  const port = running.address.port;
  const printers = lastListingOf(running.service.catalog);
  const tls = running.server.tlsHealth;
  return {
    queue: {
      current: snapshot.current,
      capacity: snapshot.capacity,
      paused: snapshot.paused,
      running: snapshot.running,
      jobsProcessed: snapshot.jobsProcessed,
      jobsFailed: snapshot.jobsFailed,
    },
    queueText: queueText(snapshot.current, snapshot.capacity),
    printers: running.service.printerSummary(),
    wsUrl: `ws://${host}:${port}/ws`,
    env: config.env,
    tokenRequired: config.token !== undefined,
    tokenLost: config.tokenLost === true,
    uptimeSeconds: running.service.uptimeSeconds(),
    build: buildInfo(),
    journal: journalHealthOf(running.service),
    printerStatuses: running.service.printerStatuses(),
    overview: {
      route: printers ? routeOf(config.printer, printers, running.service.printerStatuses()) : null,
      // The same folder startPrintService gives the virtual printer's transport.
      virtualPrinterDir: path.join(config.dataDir, 'virtual-printer'),
      listensOnNetwork: !isLoopback(config.host),
      networkWsUrls: everywhere ? networkAddresses().map((address) => `ws://${address}:${port}/ws`) : isLoopback(config.host) ? [] : [`ws://${config.host}:${port}/ws`],
    },
    ...(tls ? { tls: { health: tls, wssUrls: wssUrlsOf(tls, !isLoopback(config.host)) } } : {}),
  };
}

const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/** This computer's IPv4 addresses on its networks (what a POS on another till types). */
function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/**
 * Where a job without `datos.printer` goes, by the rule of the catalog's `resolve(undefined)`, from a listing; a
 * configured address that reads back (TCP, USB) has the printer's own word for its status.
 */
export function routeOf(configured: string | undefined, printers: readonly PrinterDetail[], live: readonly PrinterLiveStatus[] = []): PrintRoute {
  const named = configured?.trim();
  if (named) {
    const listed = listedPrinter(named, printers);
    const own = live.find((status) => status.uri === named);
    const status = own ? protocolStatusOf(own) : configuredStatus(named, listed);
    return { reason: 'configured', target: named, virtual: named === 'virtual' || listed?.is_virtual === true, status };
  }
  const thermal = printers.filter((printer) => printer.printer_type === 'thermal');
  const chosen = thermal.find((printer) => printer.is_default) ?? thermal[0];
  if (chosen) return { reason: chosen.is_default ? 'system-default' : 'first-thermal', target: chosen.name, virtual: false, status: chosen.status };
  const virtual = printers.find((printer) => printer.is_virtual);
  return { reason: 'virtual', target: virtual?.name ?? 'virtual', virtual: true, status: 'ready' };
}

/** The listed printer a configured name (or `cups:NAME` / `windows:NAME`) means; names match case-insensitively. */
function listedPrinter(named: string, printers: readonly PrinterDetail[]): PrinterDetail | undefined {
  if (named === 'virtual' || /^(?:tcp:\/\/|usb:)/.test(named)) return undefined;
  const queue = /^(?:cups|windows):(.+)$/.exec(named)?.[1] ?? named;
  const lower = queue.toLowerCase();
  return printers.find((printer) => printer.name === queue) ?? printers.find((printer) => printer.name.toLowerCase() === lower);
}

function configuredStatus(named: string, listed: PrinterDetail | undefined): PrintRoute['status'] {
  if (named === 'virtual') return 'ready';
  if (listed) return listed.status;
  // An address is not listed (tcp://, usb:), nor maybe a spooler URI's queue: unknown. A bare name not listed cannot print.
  return /^(?:tcp:\/\/|usb:|cups:|windows:)/.test(named) ? 'unknown' : 'missing';
}
