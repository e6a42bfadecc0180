import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_TEXT } from '../../src/shared/contract/types';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { tempDir } from '../support/service-harness';

/**
 * Issue 24: Home's "printed today" is what an owner means by it, the tickets that came out of the printer today. It
 * used to count jobs by when they were created: a reprint today of yesterday's ticket was missed, and a ticket sent
 * just before midnight but printed after it was counted on the day before.
 */
const HOUR = 3_600_000;
/** A fixed local midnight, so "today" and "yesterday" do not depend on when the test runs. */
const MIDNIGHT = new Date(2025, 4, 20).getTime();
const YESTERDAY = MIDNIGHT - 24 * HOUR;
const ticket = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }] });

let journals: JobJournal[] = [];
afterEach(() => {
  for (const journal of journals.splice(0)) journal.close();
  journals = [];
});

function openJournal(): JobJournal {
  const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
  journals.push(journal);
  return journal;
}

function add(journal: JobJournal, id: string, createdAt: number): void {
  const datos = ticket(id);
  journal.insertMany([{ id, datos, requestedPrinter: null, datosJson: JSON.stringify(datos) }], createdAt);
}

function print(journal: JobJournal, id: string, at: number, state: 'success' | 'error' = 'success'): void {
  journal.markPrinting(id, 'virtual', at);
  journal.markFinished(id, state, state === 'success' ? 'Print completed in 12ms' : 'PRINTER: out of paper', at);
}

describe("today's counts, by when each ticket was printed", () => {
  it('counts a ticket sent before midnight and printed after it on the day it was printed', () => {
    const journal = openJournal();
    add(journal, 'antes-de-medianoche', MIDNIGHT - 5 * 60_000);
    print(journal, 'antes-de-medianoche', MIDNIGHT + 2 * 60_000);
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toMatchObject({ success: 1, error: 0 });
    // And not on the day before, which ended before it came out.
    expect(journal.countsSince(YESTERDAY, CANCELLED_TEXT).success).toBe(1);
  });

  it("counts today's reprint of yesterday's ticket today, and yesterday's print still yesterday", () => {
    const journal = openJournal();
    add(journal, 'mesa-4', YESTERDAY + 20 * HOUR);
    print(journal, 'mesa-4', YESTERDAY + 20 * HOUR + 1000);
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT).success).toBe(0);

    expect(journal.requeue('mesa-4', MIDNIGHT + 9 * HOUR)).toBe(true);
    // Waiting again today: asked for today.
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toMatchObject({ queued: 1, success: 0 });
    print(journal, 'mesa-4', MIDNIGHT + 9 * HOUR + 1000);
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toMatchObject({ queued: 0, success: 1 });
    // Since yesterday: two prints of the same ticket, both real paper.
    expect(journal.countsSince(YESTERDAY, CANCELLED_TEXT).success).toBe(2);
  });

  it('counts a failed print today even when the ticket is older, and a failed one that was reprinted fine by how it finally went', () => {
    const journal = openJournal();
    add(journal, 'sin-papel', YESTERDAY + 23 * HOUR);
    print(journal, 'sin-papel', MIDNIGHT + HOUR, 'error');
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toMatchObject({ success: 0, error: 1 });
    expect(journal.requeue('sin-papel', MIDNIGHT + 2 * HOUR)).toBe(true);
    print(journal, 'sin-papel', MIDNIGHT + 2 * HOUR);
    // Issue 32: the list shows it printed, so "failed today" does not count it too.
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toMatchObject({ success: 1, error: 0, cancelled: 0 });
  });

  it('counts a ticket held for paper and printed later once, as printed; one still held as failed', () => {
    const journal = openJournal();
    for (const id of ['retenido', 'sigue-retenido']) {
      add(journal, id, MIDNIGHT + HOUR);
      journal.markPrinting(id, 'virtual', MIDNIGHT + HOUR);
      journal.markFinished(id, 'error', 'PRINTER: out of paper', MIDNIGHT + HOUR, 'held');
    }
    expect(journal.requeue('retenido', MIDNIGHT + 2 * HOUR)).toBe(true);
    print(journal, 'retenido', MIDNIGHT + 2 * HOUR);
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toEqual({ queued: 0, printing: 0, success: 1, error: 1, cancelled: 0 });
  });

  it('counts a ticket cancelled today apart from the failures, and one still waiting from yesterday not as today’s', () => {
    const journal = openJournal();
    add(journal, 'cancelado', MIDNIGHT + HOUR);
    expect(journal.cancel('cancelado', CANCELLED_TEXT, MIDNIGHT + 2 * HOUR)).toBe(true);
    add(journal, 'de-ayer', YESTERDAY + 12 * HOUR);
    expect(journal.countsSince(MIDNIGHT, CANCELLED_TEXT)).toEqual({ queued: 0, printing: 0, success: 0, error: 0, cancelled: 1 });
  });
});
