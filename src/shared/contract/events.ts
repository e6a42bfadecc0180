import type { PrinterDetail, PrinterSummary } from '../printers';
import type { OriginRequest } from './origin-types';
import type { ServiceStatus } from './types';
import type { PrinterLiveStatus } from '../printer-status/live-status';
import type { PrinterAlert } from '../printer-status/printer-alerts';
import type { JobSource } from './job-source';

/** What the service pushes to the window (IPC event channel, or the `/api/events` WebSocket in a browser). */
export type AppEvent =
  | { type: 'job.accepted'; id: string; current: number; capacity: number }
  | { type: 'job.printed'; id: string; mensaje: string; printerUri: string | null; source: JobSource | null }
  | { type: 'job.failed'; id: string; mensaje: string; printerUri: string | null; held: boolean; source: JobSource | null }
  | { type: 'printer.status'; status: PrinterLiveStatus; alerts: PrinterAlert[] }
  | { type: 'printers.changed'; printers: PrinterDetail[]; summary: PrinterSummary }
  | { type: 'service.status'; status: ServiceStatus }
  /**
   * Sites not yet answered tried to print: `request` is the newest, `asked` how many new questions since the last
   * such event. Coalesced (see OriginNotices): at most one per interval however many sites ask, so a page making up
   * sites cannot flood the window or the desktop with notifications.
   */
  | { type: 'origin.requested'; request: OriginRequest; asked: number };

export type AppEventType = AppEvent['type'];
export type AppEventListener = (event: AppEvent) => void;

export const APP_EVENT_TYPES: readonly AppEventType[] = ['job.accepted', 'job.printed', 'job.failed', 'printers.changed', 'service.status', 'printer.status', 'origin.requested'];

export function isAppEvent(value: unknown): value is AppEvent {
  return typeof value === 'object' && value !== null && APP_EVENT_TYPES.some((type) => (value as { type?: unknown }).type === type);
}
