// Where each ticket came from (issue 32, round 4): the journal keeps it with the job, through a real SQLite file; a
// journal written before sources were kept still opens and serves; and jobs restored after a restart keep their
// source, and through it their turns: one POS's backlog does not hold up another's ticket after the restart.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { tempDir, ticketDoc, withServices, type TestService } from '../support/service-harness';

const startService = withServices();
const CAFE = 'https://tpv.cafeole.es';
const BAR = 'https://barra.cafeole.es';

let printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

/** Sends one ticket from a POS (a web page on `origin`, or a program without one) and waits for its ack. */
async function sendTicket(service: TestService, origin: string | undefined, id: string): Promise<void> {
  const client = await service.connect(origin === undefined ? {} : { origin });
  client.send({ tipo: 'ticket', id, datos: ticketDoc(`TICKET:${id};`) });
  await client.next('ack', (message) => message.id === id);
  client.close();
}

/** The source columns of a job as another connection reads them from the file. */
function storedSource(dataDir: string, id: string): { source_kind: string | null; source_label: string | null } | undefined {
  const reader = new Database(path.join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return reader.prepare('SELECT source_kind, source_label FROM jobs WHERE id = ?').get(id) as { source_kind: string | null; source_label: string | null } | undefined;
  } finally {
    reader.close();
  }
}

describe('where a ticket came from', () => {
  it("is on disk with the job: a web page's site (its Origin), a native POS's address, the window", async () => {
    const dataDir = tempDir();
    const service = await startService({ dataDir, allowedOrigins: [CAFE] });
    service.service.queue.pause();
    await sendTicket(service, CAFE, 'desde-la-web');
    await sendTicket(service, undefined, 'desde-un-programa');
    await service.service.submit({ id: 'desde-la-ventana', datos: ticketDoc(), requestedPrinter: null });

    expect(storedSource(dataDir, 'desde-la-web')).toEqual({ source_kind: 'pos', source_label: 'tpv.cafeole.es' });
    expect(storedSource(dataDir, 'desde-un-programa')).toEqual({ source_kind: 'pos', source_label: '127.0.0.1' });
    expect(storedSource(dataDir, 'desde-la-ventana')).toEqual({ source_kind: 'window', source_label: 'Ticketera' });
    expect(service.service.job('desde-la-web')?.source).toEqual({ kind: 'pos', label: 'tpv.cafeole.es' });
  });

  it('opens a journal written before sources were kept: its jobs read "unknown", its waiting job prints, new ones keep theirs', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'journal.sqlite');
    // The journal as the first versions wrote it: no search words, outcomes, reprint times, models or sources.
    const old = new Database(file);
    old.exec(`CREATE TABLE jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, datos TEXT NOT NULL, requested_printer TEXT,
      printer_uri TEXT, state TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'success', 'error')), result_text TEXT,
      created_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER, reprints INTEGER NOT NULL DEFAULT 0
    ); CREATE INDEX jobs_state ON jobs(state);`);
    const insert = old.prepare('INSERT INTO jobs (id, datos, state, result_text, created_at, printer_uri) VALUES (?, ?, ?, ?, ?, ?)');
    insert.run('antiguo-impreso', JSON.stringify(ticketDoc('ayer')), 'success', 'Print completed in 80ms', Date.now() - 86_400_000, 'virtual');
    insert.run('antiguo-en-cola', JSON.stringify(ticketDoc('pendiente')), 'queued', null, Date.now() - 60_000, null);
    old.close();

    const journal = new JobJournal(file);
    expect(journal.get('antiguo-impreso')).toMatchObject({ state: 'success', source: null });
    journal.close();
    const columns = new Database(file, { readonly: true });
    expect((columns.pragma('table_info(jobs)') as Array<{ name: string }>).map((column) => column.name)).toEqual(expect.arrayContaining(['source_kind', 'source_label']));
    columns.close();

    const service = await startService({ dataDir, allowedOrigins: [CAFE] });
    await expect.poll(() => service.service.job('antiguo-en-cola')?.state, { timeout: 10_000 }).toBe('success');
    expect(service.service.job('antiguo-en-cola')?.source).toBeNull();
    await sendTicket(service, CAFE, 'nuevo');
    expect(service.service.job('nuevo')?.source).toEqual({ kind: 'pos', label: 'tpv.cafeole.es' });
  });

  it("restored after a restart, each POS's tickets keep their source and their own turns at the printer", async () => {
    const dataDir = tempDir();
    const before = await startService({ dataDir, allowedOrigins: [CAFE, BAR] });
    before.service.queue.pause();
    // One till sent six tickets, the bar one, then the service stopped before printing any of them.
    const cafe = Array.from({ length: 6 }, (_, n) => `cafe-${n + 1}`);
    for (const id of cafe) await sendTicket(before, CAFE, id);
    await sendTicket(before, BAR, 'barra-1');
    await before.stop();

    const printer = await startRealPrinter('plain', { mmPerSecond: 250 });
    printers.push(printer);
    const finished: string[] = [];
    const finishedFrom = new Map<string, unknown>();
    const after = await startService({ dataDir, printer: printer.uri, allowedOrigins: [CAFE, BAR] });
    after.service.queue.on('finished', (result) => {
      finished.push(result.id);
      finishedFrom.set(result.id, result.source);
    });
    await expect.poll(() => finished.length, { timeout: 30_000 }).toBe(7);

    // The bar's ticket waited behind at most one of the till's (the one already printing), not behind all six.
    expect(finished.indexOf('barra-1')).toBeLessThanOrEqual(1);
    // Each POS's own tickets keep their order.
    expect(finished.filter((id) => id.startsWith('cafe-'))).toEqual(cafe);
    expect(after.service.job('barra-1')?.source).toEqual({ kind: 'pos', label: 'barra.cafeole.es' });
    expect(after.service.job('cafe-6')?.source).toEqual({ kind: 'pos', label: 'tpv.cafeole.es' });
    // The result the window hears names it too (its toast says "Desde: barra.cafeole.es (TPV)").
    expect(finishedFrom.get('barra-1')).toEqual({ kind: 'pos', label: 'barra.cafeole.es' });
  }, 60_000);
});
