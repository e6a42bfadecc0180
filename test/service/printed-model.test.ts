import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { MARK_TEXTS } from '../../src/shared/escpos/mark-texts';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { tempDir } from '../support/service-harness';

/** Issue 24, round 3: each print keeps the model it was laid out for, so a reprint on a changed printer can say so. */
const stored = (id: string) => ({ id, datos: {}, requestedPrinter: null, datosJson: '{}' });

describe("a print's model in the journal", () => {
  it('is kept for the latest print and for each earlier one, and cleared when the job goes back to the queue', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany([stored('m1')], 1_000);
    journal.markPrinting('m1', 'virtual', 1_100, 'epson-tm-t20iii');
    journal.markFinished('m1', 'success', 'Print completed in 3ms', 1_200);
    expect(journal.get('m1')?.printedModel).toBe('epson-tm-t20iii');
    journal.requeue('m1', 2_000);
    // Not printed again yet: no model claimed for a print that has not happened.
    expect(journal.get('m1')?.printedModel).toBeNull();
    journal.markPrinting('m1', 'virtual', 2_100, 'pos-5890');
    journal.close();
    const reopened = new JobJournal(file);
    expect(reopened.get('m1')?.printedModel).toBe('pos-5890');
    expect(reopened.earlierPrints('m1')).toMatchObject([{ model: 'epson-tm-t20iii', queuedAt: 1_000 }]);
    reopened.close();
  });

  it('opens a journal written before models were kept: its jobs and earlier prints say none', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany([stored('old')], 1_000);
    journal.markFinished('old', 'success', 'Print completed in 1ms', 1_100);
    journal.requeue('old', 2_000);
    journal.close();
    // As an earlier version left it: no printed_model column in either table.
    const db = new Database(file);
    db.exec('ALTER TABLE jobs DROP COLUMN printed_model; ALTER TABLE job_prints DROP COLUMN printed_model');
    db.close();

    const reopened = new JobJournal(file);
    expect(reopened.get('old')?.printedModel).toBeNull();
    expect(reopened.earlierPrints('old')[0]).not.toHaveProperty('model');
    reopened.markPrinting('old', 'virtual', 2_100, 'generic');
    expect(reopened.get('old')?.printedModel).toBe('generic');
    reopened.close();
  });
});

describe("the preview's bands in Spanish", () => {
  it('names beeps, the drawer, unknown bytes and where the preview ends in the words it is given', () => {
    // ESC B 2 3 (beep), ESC p 0 (drawer, pin 2), ESC z (unknown), then more paper than the preview draws.
    const bytes = new Uint8Array([0x1b, 0x42, 2, 3, 0x1b, 0x70, 0, 25, 250, 0x1b, 0x7a, ...Array<number>(60).fill(0x0a)]);
    const es = renderEscPos(bytes, { width: 384, maxHeight: 1000, marks: MARK_TEXTS.es });
    expect(es.events.map((event) => event.detail)).toEqual(['PITIDO x2 (3)', 'CAJON pulso pin 2', 'DESCONOCIDO 1B 7A', 'FIN DE LA VISTA PREVIA: mas de 0,1 m de papel']);
    const en = renderEscPos(bytes, { width: 384, maxHeight: 1000 });
    expect(en.events.map((event) => event.detail)).toEqual(['BEEP x2 (3)', 'DRAWER pulse pin 2', 'UNKNOWN 1B 7A', 'PREVIEW ENDS: more than 0.1 m of paper']);
  });
});
