import type { OriginsView } from '../../../shared/contract/origin-types';
import type { Language } from '../../../shared/contract/settings';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import type { JournalHealth } from '../../../shared/protocol';
import type { JobRecord } from '../journal/job-record';
import type { QueueSnapshot } from '../print-service';
import { staleStatusCaveat } from '../printers/printer-status-caveat';

export interface DashboardView {
  queue: QueueSnapshot;
  printers: PrinterDetail[];
  summary: PrinterSummary;
  jobs: JobRecord[];
  origins: OriginsView;
  tokenRequired: boolean;
  /** A token was set but could not be read back at start-up: tickets print unchecked until it is set again. */
  tokenLost: boolean;
  /** The window's language, for what this panel must say as the window says it (lost protection). */
  language: Language;
  undeliveredResults: number;
  oversizedFrames: number;
  uptimeSeconds: number;
  journal: JournalHealth;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `body{font:14px system-ui,sans-serif;margin:2rem;color:#1d2329;background:#f6f7f9}
h1{font-size:1.4rem}section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:1rem;margin:0 0 1rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #eef0f3}
.ok{color:#0a7d32}.warning{color:#9a6200}.error{color:#b3261e}.note{background:#fff7e0;border-color:#f0d58a}
.lost{background:#fdecea;border-color:#b3261e;color:#b3261e}
form{display:inline}button{font:inherit}`;

function page(title: string, body: string, refreshSeconds?: number, language: Language = 'es'): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">${refresh}
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

/** The same red warning as Home's (issue 24: protection is never lost silently, wherever the owner looks). */
const TOKEN_LOST_TEXT: Record<Language, { title: string; body: string }> = {
  es: {
    title: 'Protección perdida: vuelva a poner el token',
    body: 'Había un token de acceso, pero no se pudo recuperar al reiniciar. Mientras tanto se imprimen tickets sin comprobarlo: póngalo otra vez en Ajustes de la ventana de Ticketera.',
  },
  en: {
    title: 'Protection lost: set the token again',
    body: 'An access token was set, but it could not be read back after a restart. Meanwhile tickets print without it being checked: set it again in Settings in the Ticketera window.',
  },
};

function renderTokenLost(view: DashboardView): string {
  if (!view.tokenLost) return '';
  const text = TOKEN_LOST_TEXT[view.language];
  return `<section class="note lost" role="alert" lang="${view.language}" data-testid="token-lost"><strong>${escapeHtml(text.title)}</strong><br>${escapeHtml(text.body)}</section>`;
}

// The sign-in page has a file of its own (login-page.ts): it is styled like the window, not like this panel.
export { renderLoginPage, type LoginProblem } from './login-page';

export function renderDashboard(view: DashboardView): string {
  const { queue, summary } = view;
  const originNote = renderOrigins(view.origins);
  const printerRows = view.printers
    .map(
      (printer) =>
        `<tr><td>${escapeHtml(printer.name)}${printer.is_default ? ' ★' : ''}</td><td>${escapeHtml(printer.printer_type)}</td><td>${escapeHtml(printer.status)}</td><td>${escapeHtml(printer.port)}</td><td>${escapeHtml(printer.driver)}</td></tr>`,
    )
    .join('');
  const jobRows = view.jobs
    .map(
      (job) =>
        `<tr><td><code>${escapeHtml(job.id)}</code></td><td>${new Date(job.createdAt).toLocaleString('es-ES')}</td><td class="${job.state === 'error' ? 'error' : job.state === 'success' ? 'ok' : ''}">${escapeHtml(job.state)}</td><td>${escapeHtml(job.printerUri ?? '')}</td><td>${escapeHtml(job.resultText ?? '')}</td></tr>`,
    )
    .join('');
  const journalNote = [
    view.journal.status === 'ok'
      ? ''
      : `<section class="note error" role="alert"><strong>No se aceptan tickets nuevos / New tickets are refused:</strong> ${escapeHtml(view.journal.mensaje ?? '')}</section>`,
    view.journal.damaged_at_start
      ? `<section class="note warning" role="alert"><strong>Diario dañado al arrancar / Journal damaged at start-up:</strong> ${escapeHtml(view.journal.damaged_at_start.mensaje)}</section>`
      : '',
  ].join('');
  const signOut = view.tokenRequired ? `<form method="post" action="/logout"><button>Salir / Sign out</button></form>` : '';
  return page(
    'Ticketera — Panel / Dashboard',
    `<h1>Ticketera — Servicio de impresión / Print service ${signOut}</h1>${renderTokenLost(view)}${journalNote}${originNote}
<section><h2>Cola / Queue</h2><p>Queue: ${queue.current}/${queue.capacity} · ${queue.paused ? 'En pausa / Paused' : 'Imprimiendo / Printing'}
 · procesados / processed ${queue.jobsProcessed} · fallidos / failed ${queue.jobsFailed}
 · resultados no entregados / undelivered results ${view.undeliveredResults}
 · tramas rechazadas por tamaño / oversized frames refused ${view.oversizedFrames} · uptime ${view.uptimeSeconds}s</p></section>
<section><h2>Impresoras / Printers <span class="${summary.status}">${escapeHtml(summary.status)}</span></h2>
<p>${summary.detected_count} detectadas / detected · ${summary.thermal_count} térmicas / thermal · predeterminada / default: ${escapeHtml(summary.default_name || '—')}</p>
<table><thead><tr><th>Nombre / Name</th><th>Tipo / Type</th><th>Estado / Status</th><th>Puerto / Port</th><th>Driver</th></tr></thead><tbody>${printerRows}</tbody></table><p><small>${escapeHtml(staleStatusCaveat(view.printers))}</small></p></section>
<section><h2>Trabajos recientes / Recent jobs</h2><table><thead><tr><th>Id</th><th>Recibido / Received</th><th>Estado / State</th><th>Impresora / Printer</th><th>Resultado / Result</th></tr></thead><tbody>${jobRows}</tbody></table></section>`,
    5,
  );
}

const originList = (origins: readonly string[]): string =>
  origins.length === 0 ? 'ninguno / none' : origins.map((origin) => `<code>${escapeHtml(origin)}</code>`).join(', ');

/** Which sites may print; the questions waiting for the owner are listed as text (answered in the window). */
function renderOrigins(origins: OriginsView): string {
  if (origins.fixedBy !== null) {
    return `<section>Sitios web que pueden imprimir, fijados por / Web sites that may print, fixed by <code>${escapeHtml(origins.fixedBy)}</code>: ${originList(origins.allowed)}</section>`;
  }
  const pending = origins.pending
    .map(
      (request) =>
        `<li><code>${escapeHtml(request.origin)}</code> · ${request.attempts} intento(s) / attempt(s) · último / last ${new Date(request.lastSeen).toLocaleString('es-ES')}</li>`,
    )
    .join('');
  const asking =
    pending === ''
      ? ''
      : `<p class="warning"><strong>Sitios que piden imprimir / Sites asking to print</strong> (rechazados hasta que responda en la ventana de Ticketera / refused until you answer in the Ticketera window):</p><ul data-testid="pending-origins">${pending}</ul>`;
  return `<section>${asking}<p>Sitios web permitidos / Allowed web sites: ${originList(origins.allowed)}</p>
<p>Sitios rechazados / Refused sites: ${originList(origins.denied)}</p></section>`;
}
