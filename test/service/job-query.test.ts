import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_TEXT } from '../../src/shared/contract/types';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import type { JobFilter } from '../../src/main/services/journal/job-query';
import { startTestAppHost, type TestAppHost } from '../app/app-harness';
import { tempDir } from '../support/service-harness';

const HOUR = 3_600_000;
/** A fixed local midnight, so "today" and "yesterday" do not depend on when the test runs. */
const MIDNIGHT = new Date(2025, 4, 20).getTime();

const ticket = (...lines: string[]) => ({ version: '1.0', commands: lines.map((text) => ({ type: 'text', data: { text } })) });
const stored = (id: string, datos: unknown, requestedPrinter: string | null = null) => ({ id, datos, requestedPrinter, datosJson: JSON.stringify(datos) });

let journals: JobJournal[] = [];
afterEach(() => {
  for (const journal of journals.splice(0)) journal.close();
});

function openJournal(file = path.join(tempDir(), 'journal.sqlite')): JobJournal {
  const journal = new JobJournal(file);
  journals.push(journal);
  return journal;
}

/** Ids of the jobs a filter finds, newest first, and the total. */
function find(journal: JobJournal, filter: JobFilter): { ids: string[]; total: number } {
  const { jobs, total } = journal.query(filter);
  return { ids: jobs.map((job) => job.id), total };
}

/** A small café's history: one ticket an hour from yesterday 22:00, some printed, one failed, one still queued. */
function cafeHistory(journal: JobJournal): void {
  const add = (id: string, at: number, datos: unknown, printer: string | null = null) => journal.insertMany([stored(id, datos, printer)], at);
  add('venta-001', MIDNIGHT - 2 * HOUR, ticket('CAFÉ CON LECHE 1,50 €'));
  add('venta-002', MIDNIGHT + 8 * HOUR, ticket('Tostada con tomate', 'Descuento 50% socios'));
  add('venta-003', MIDNIGHT + 9 * HOUR, ticket('Zumo de naranja'), 'Barra');
  add('venta-004', MIDNIGHT + 10 * HOUR, ticket('Niño: batido'), 'Barra');
  add('venta-005', MIDNIGHT + 11 * HOUR, ticket('Agua 500 ml'));
  for (const [id, uri] of [
    ['venta-001', 'virtual'],
    ['venta-002', 'virtual'],
    ['venta-003', 'tcp://10.0.0.9:9100'],
  ] as const) {
    journal.markPrinting(id, uri, MIDNIGHT);
    journal.markFinished(id, 'success', 'Print completed in 12ms', MIDNIGHT);
  }
  journal.markPrinting('venta-004', 'tcp://10.0.0.9:9100', MIDNIGHT);
  journal.markFinished('venta-004', 'error', 'PRINTER: connection refused by 10.0.0.9:9100', MIDNIGHT);
}

describe('the job history query (real SQLite journal)', () => {
  it('finds a ticket by its words whatever the case and accents, by part of its id, and by its technical result', () => {
    const journal = openJournal();
    cafeHistory(journal);
    expect(find(journal, { query: 'cafe con leche' }).ids).toEqual(['venta-001']);
    expect(find(journal, { query: 'NIÑO' }).ids).toEqual(['venta-004']);
    expect(find(journal, { query: 'nino' }).ids).toEqual(['venta-004']);
    expect(find(journal, { query: 'tostada' }).ids).toEqual(['venta-002']);
    expect(find(journal, { query: 'nta-00' }).total).toBe(5);
    expect(find(journal, { query: 'VENTA-003' }).ids).toEqual(['venta-003']);
    expect(find(journal, { query: 'connection refused' }).ids).toEqual(['venta-004']);
    expect(find(journal, { query: 'bocadillo' })).toEqual({ ids: [], total: 0 });
  });

  it('takes % and _ typed in the search as letters, not wildcards', () => {
    const journal = openJournal();
    cafeHistory(journal);
    journal.insertMany([stored('a_b', ticket('nada')), stored('axb', ticket('nada'))], MIDNIGHT + 12 * HOUR);
    expect(find(journal, { query: '50%' }).ids).toEqual(['venta-002']);
    expect(find(journal, { query: '5%0' }).ids).toEqual([]);
    expect(find(journal, { query: 'a_b' }).ids).toEqual(['a_b']);
    expect(find(journal, { query: '%' }).ids).toEqual(['venta-002']);
    expect(find(journal, { query: '\\' }).ids).toEqual([]);
  });

  it('does not search the pictures of a ticket, only its words', () => {
    const journal = openJournal();
    const logo = { version: '1.0', commands: [{ type: 'image', data: { image: `data:image/png;base64,${'QUJDcXVlc28'.repeat(50)}` } }, { type: 'text', data: { text: 'Gracias' } }] };
    journal.insertMany([stored('con-logo', logo)], MIDNIGHT);
    expect(find(journal, { query: 'image/png' }).ids).toEqual([]);
    expect(find(journal, { query: 'QUJD' }).ids).toEqual([]);
    expect(find(journal, { query: 'gracias' }).ids).toEqual(['con-logo']);
  });

  it('filters by state, by printer (asked for or used) and by creation date, newest first', () => {
    const journal = openJournal();
    cafeHistory(journal);
    expect(find(journal, { state: 'success' }).ids).toEqual(['venta-003', 'venta-002', 'venta-001']);
    expect(find(journal, { state: 'error' }).ids).toEqual(['venta-004']);
    expect(find(journal, { state: 'queued' }).ids).toEqual(['venta-005']);
    expect(find(journal, { printer: 'Barra' }).ids).toEqual(['venta-004', 'venta-003']);
    expect(find(journal, { printer: 'virtual' }).ids).toEqual(['venta-002', 'venta-001']);
    expect(find(journal, { printer: 'tcp://10.0.0.9:9100', state: 'success' }).ids).toEqual(['venta-003']);
    // Today only: from midnight to the next one (exclusive).
    expect(find(journal, { from: MIDNIGHT, to: MIDNIGHT + 24 * HOUR }).total).toBe(4);
    expect(find(journal, { to: MIDNIGHT }).ids).toEqual(['venta-001']);
    expect(find(journal, { from: MIDNIGHT + 9 * HOUR, to: MIDNIGHT + 10 * HOUR }).ids).toEqual(['venta-003']);
    expect(find(journal, { query: 'a', state: 'success', from: MIDNIGHT }).ids).toEqual(['venta-003', 'venta-002']);
    expect(journal.printers()).toEqual(['Barra', 'tcp://10.0.0.9:9100', 'virtual']);
  });

  it('pages through a long history with the total of every match, at most 100 a page', () => {
    const journal = openJournal();
    for (let n = 0; n < 134; n += 1) journal.insertMany([stored(`t-${String(n).padStart(3, '0')}`, ticket(`Ticket ${n}`))], MIDNIGHT + n * 1000);
    const first = journal.query({ limit: 20 });
    expect(first.total).toBe(134);
    expect(first.jobs.map((job) => job.id).slice(0, 2)).toEqual(['t-133', 't-132']);
    expect(find(journal, { offset: 120, limit: 20 })).toEqual({ ids: Array.from({ length: 14 }, (_, n) => `t-${String(13 - n).padStart(3, '0')}`), total: 134 });
    expect(journal.query({ limit: 500 }).jobs).toHaveLength(100);
    expect(find(journal, { query: 'ticket 1', limit: 5 }).total).toBe(1 + 10 + 34);
  });

  it('counts today exactly, however many jobs there are, with cancelled ones apart from failures', () => {
    const journal = openJournal();
    cafeHistory(journal);
    journal.insertMany(Array.from({ length: 600 }, (_, n) => stored(`busy-${n}`, ticket('Café'))), MIDNIGHT + 13 * HOUR);
    expect(journal.cancel('busy-0', CANCELLED_TEXT, MIDNIGHT + 14 * HOUR)).toBe(true);
    // Yesterday's venta-001 came out at midnight: printed today (counted by print time, issue 24).
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toEqual({ queued: 600, printing: 0, success: 3, error: 1, cancelled: 1 });
    expect(journal.countsSince(MIDNIGHT - 24 * HOUR, CANCELLED_TEXT).success).toBe(3);
  });

  it('searches the tickets of a journal written before search existed', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE jobs (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, datos TEXT NOT NULL, requested_printer TEXT,
      printer_uri TEXT, state TEXT NOT NULL, result_text TEXT, created_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER,
      reprints INTEGER NOT NULL DEFAULT 0)`);
    old.prepare(`INSERT INTO jobs (id, datos, state, created_at) VALUES (?, ?, 'success', ?)`).run('antiguo', JSON.stringify(ticket('Menú del día')), MIDNIGHT);
    old.close();
    const journal = openJournal(file);
    expect(find(journal, { query: 'menu del dia' }).ids).toEqual(['antiguo']);
  });
});

describe('listJobs, jobCounts and jobPrinters over the contract', () => {
  let host: TestAppHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it('answers a filtered page with its total, and refuses a page larger than 100', async () => {
    host = await startTestAppHost();
    const service = host.running().service;
    service.queue.pause();
    for (const text of ['Café solo', 'Café con leche', 'Té verde']) await host.handlers.submitJob({ document: ticket(text) });
    const page = await host.post('listJobs', { query: 'CAFE', limit: 1 });
    expect(page.body).toMatchObject({ ok: true, value: { total: 2, jobs: [{ state: 'queued' }] } });
    expect(await host.post('jobCounts', { since: Date.now() - HOUR })).toMatchObject({ body: { value: { queued: 3, success: 0 } } });
    expect((await host.post('listJobs', { limit: 101 })).status).toBe(400);
    expect((await host.post('listJobs', { state: 'lost' })).status).toBe(400);
    service.queue.resume();
    await expect.poll(async () => (await host?.handlers.jobCounts({ since: 0 }))?.success, { timeout: 15_000 }).toBe(3);
    expect(await host.handlers.jobPrinters()).toEqual(['virtual']);
  });
});

describe('the virtual printer in the history\'s printer filter', () => {
  it('is listed once whether a ticket asked for it by its listed name or it printed as `virtual`, and filtering finds both', () => {
    const journal = openJournal();
    journal.insertMany([stored('pedido', ticket('Pedido'), 'Ticketera Virtual Printer')], MIDNIGHT + HOUR);
    journal.insertMany([stored('impreso', ticket('Impreso'), 'Ticketera Virtual Printer')], MIDNIGHT + 2 * HOUR);
    journal.markFinished('impreso', 'success', 'Print completed', MIDNIGHT + 2 * HOUR, 'printed', 'virtual');
    journal.insertMany([stored('barra', ticket('Barra'), 'Barra')], MIDNIGHT + 3 * HOUR);
    expect(journal.printers()).toEqual(['Barra', 'virtual']);
    expect(find(journal, { printer: 'virtual' })).toEqual({ ids: ['impreso', 'pedido'], total: 2 });
    expect(find(journal, { printer: 'Ticketera Virtual Printer' })).toEqual({ ids: ['impreso', 'pedido'], total: 2 });
  });
});
