import { EventEmitter } from 'node:events';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { PrinterAlert } from '../../../shared/printer-status/printer-alerts';
import type { PrinterSession, PrinterTransport, TransportFactory } from '../printers/printer-transport';
import { GENERIC_PROFILE } from '../../../shared/printer-profiles/profiles';
import type { PrinterProfile } from '../../../shared/printer-profiles/printer-profile';
import { PrinterMonitor, type MonitorTiming } from './printer-monitor';
import { STAR_STATUS_DIALECT } from './star-status-dialect';
import { ESCPOS_STATUS_DIALECT } from './escpos-status-dialect';

export interface PrinterMonitorsOptions {
  transports: TransportFactory;
  timing: MonitorTiming;
  /** The profile of the model set for the printer at a URI (the generic ESC/POS one when none is set). */
  profileOf: (uri: string) => Promise<PrinterProfile>;
  now?: () => number;
}

interface RegistryEvents {
  status: [status: PrinterLiveStatus, alerts: PrinterAlert[]];
}

const readsBack = (transport: PrinterTransport): transport is PrinterTransport & { open(): Promise<PrinterSession> } => transport.open !== undefined;

/**
 * One monitor per printer that reads back (ESC/POS or Star), created when a job first goes to it or when the settings
 * name it, and kept for the life of the service (a shop has a handful of printers; a model change restarts the
 * service). Printers behind a spooler get none.
 */
export class PrinterMonitors extends EventEmitter<RegistryEvents> {
  private readonly monitors = new Map<string, PrinterMonitor>();
  /** URIs known not to read back, so a spooler queue is not asked again for every job. */
  private readonly plain = new Set<string>();

  constructor(private readonly options: PrinterMonitorsOptions) {
    super();
  }

  /** The monitor for a URI, started on first use; undefined for printers that do not read back. */
  async monitorFor(uri: string): Promise<PrinterMonitor | undefined> {
    const known = this.monitors.get(uri);
    if (known || this.plain.has(uri)) return known;
    let transport: PrinterTransport;
    try {
      transport = this.options.transports(uri);
    } catch {
      this.plain.add(uri);
      return undefined;
    }
    if (!readsBack(transport)) {
      this.plain.add(uri);
      return undefined;
    }
    const profile = await this.options.profileOf(uri).catch(() => GENERIC_PROFILE);
    // Another caller may have created it while the model was looked up.
    const raced = this.monitors.get(uri);
    if (raced || this.plain.has(uri)) return raced;
    // Star printers are asked in their own language: DLE EOT and GS a would print on them as garbage.
    const dialect = profile.commandSet === 'escpos' ? ESCPOS_STATUS_DIALECT : STAR_STATUS_DIALECT;
    const monitor = new PrinterMonitor(uri, transport, this.options.timing, profile.confirmsOnPaper, this.options.now, dialect);
    monitor.on('status', (status, alerts) => this.emit('status', status, alerts));
    this.monitors.set(uri, monitor);
    monitor.start();
    return monitor;
  }

  /** A monitored printer's last known status, without asking it. */
  statusOf(uri: string): PrinterLiveStatus | undefined {
    return this.monitors.get(uri)?.status;
  }

  statuses(): PrinterLiveStatus[] {
    return [...this.monitors.values()].map((monitor) => monitor.status);
  }

  stop(): void {
    for (const monitor of this.monitors.values()) monitor.stop();
  }
}
