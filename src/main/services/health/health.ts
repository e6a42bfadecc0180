import type { HealthResponse, JournalHealth, TlsHealth } from '../../../shared/protocol';
import { buildInfo } from '../build-info';
import type { PrintService } from '../print-service';
import { printerStatesOf, type PrinterStateEntry } from '../printer-status/printer-states';

/** `printer_states`: each printer's state, the same one the window and the tray show (issue 21). */
export type HealthWithPrinterStates = HealthResponse & { printer_states: PrinterStateEntry[] };

/** `tls`: the secure listener's state, when a certificate is configured (absent otherwise). */
export function healthOf(service: PrintService, env: string, tls?: TlsHealth, now = Date.now()): HealthWithPrinterStates {
  const queue = service.snapshot();
  const journal = journalHealthOf(service);
  return {
    status: journal.status !== 'ok' ? 'error' : journal.damaged_at_start ? 'degraded' : 'ok',
    journal,
    queue: {
      current: queue.current,
      capacity: queue.capacity,
      utilization: queue.capacity === 0 ? 0 : Math.round((queue.current / queue.capacity) * 10_000) / 100,
    },
    worker: { running: queue.running, jobs_processed: queue.jobsProcessed, jobs_failed: queue.jobsFailed },
    printers: service.printerSummary(),
    printer_states: printerStatesOf(service),
    build: { env, ...buildInfo() },
    uptime: service.uptimeSeconds(now),
    ...(tls ? { tls } : {}),
  };
}

/** What the journal's state means for the shop, in the fields /health, the dashboard and the window show. */
export function journalHealthOf(service: PrintService): JournalHealth {
  const problem = service.journalProblem;
  const damage = service.journalDamage;
  return {
    status: problem?.kind ?? 'ok',
    ...(problem ? { mensaje: `${problem.detail}: new tickets are refused until it clears; printing resumes by itself` } : {}),
    ...(damage ? { damaged_at_start: { file: damage.file, kept_at: damage.keptAt, lost: damage.lost, mensaje: damage.message } } : {}),
  };
}

export const TOKEN_LOST_TEXT = 'Protección perdida: vuelva a poner el token en Ajustes / Protection lost: set the token again in Settings';

/** `token`: whether tickets are checked; a lost token turns an `ok` service `degraded` so monitors notice. */
export function withTokenHealth<T extends HealthResponse>(health: T, tokenSet: boolean, tokenLost: boolean): T {
  if (tokenSet) return { ...health, token: { status: 'set' } };
  if (!tokenLost) return { ...health, token: { status: 'none' } };
  return { ...health, status: health.status === 'ok' ? 'degraded' : health.status, token: { status: 'lost', mensaje: TOKEN_LOST_TEXT } };
}
