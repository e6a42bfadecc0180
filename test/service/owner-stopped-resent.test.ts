import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANCELLED_TEXT } from '../../src/shared/contract/types';
import { JobJournal, NotRetryableError, type StoredJob } from '../../src/main/services/journal/job-journal';
import { withDoorServices } from '../support/door-services';
import { linesReceipt } from '../support/printer-status-harness';
import { tempDir } from '../support/service-harness';
import { copiesOf, resultOf } from '../support/resend';

/**
 * Issue 38, item 1: a ticket that printed nothing is not final for its id, except when the owner said not to print it.
 * A ticket cancelled while it waited, or held and discarded, is answered from the journal when a POS or a server offers
 * the same id again, and never printed; one whose hold expired by itself is still printed when resent.
 */
const { shopPrinter } = withDoorServices();

describe('the owner’s "do not print this" is final for the id', () => {
  it('a ticket cancelled in the window, resent by its POS, is answered cancelled and never printed', { timeout: 30_000 }, async () => {
    const { printer, running } = await shopPrinter();
    running.service.queue.pause();
    const pos = await running.connect();
    const sale = linesReceipt(['VENTA 61 ANULADA']);
    pos.send({ tipo: 'ticket', id: 'venta-61', datos: sale });
    await pos.next('ack', (message) => message.id === 'venta-61');
    expect(await running.service.queue.cancel('venta-61')).toEqual({ cancelled: true });
    const cancelled = await pos.next('result', (message) => message.id === 'venta-61');
    expect(cancelled).toMatchObject({ status: 'error', mensaje: CANCELLED_TEXT });
    running.service.queue.resume();

    expect(await resultOf(pos, 'venta-61', sale)).toEqual({ acked: false, status: 'error', mensaje: CANCELLED_TEXT });
    // The printer prints what comes after it, and never the cancelled one.
    expect(await resultOf(pos, 'venta-62', linesReceipt(['VENTA 62 DESPUES']))).toMatchObject({ acked: true, status: 'success' });
    await printer.waitForPrinted('VENTA 62 DESPUES');
    expect(printer.printedText()).not.toContain('VENTA 61 ANULADA');
    expect(running.service.job('venta-61')).toMatchObject({ state: 'error', resultText: CANCELLED_TEXT, reprints: 0 });
    pos.close();
  });

  it('a held ticket discarded is answered from the journal when resent; one whose hold expired prints', { timeout: 40_000 }, async () => {
    const { printer, running } = await shopPrinter();
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.link, { timeout: 10_000 }).toBe('answering');
    printer.paperOutAfterLines(3);
    const pos = await running.connect();
    const long = linesReceipt(Array.from({ length: 40 }, (_, index) => `MESA 4 LINEA ${String(index + 1).padStart(2, '0')}`));
    const five = linesReceipt(['MESA 5 DESCARTADA']);
    const six = linesReceipt(['MESA 6 CADUCADA']);
    pos.send({ tipo: 'ticket', id: 'mesa-4', datos: long });
    pos.send({ tipo: 'ticket', id: 'mesa-5', datos: five });
    pos.send({ tipo: 'ticket', id: 'mesa-6', datos: six });
    const held = await Promise.all(['mesa-4', 'mesa-5', 'mesa-6'].map((id) => pos.next('result', (message) => message.id === id, 20_000)));
    expect(held.map((result) => running.service.job(result.id)?.outcome)).toEqual(['held', 'held', 'held']);
    // The two behind the stopped one never left: nothing of them was sent.
    expect(['mesa-5', 'mesa-6'].map((id) => running.service.job(id)?.bytesSent)).toEqual([false, false]);
    const heldFive = held[1];

    expect(running.service.discardHeld('mesa-5')).toBe(true);
    expect(running.service.expireHeldJobs(Date.now() + 61 * 60_000)).toBe(2);
    printer.set({ paper: 'ok' });
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe('ok');

    expect(await resultOf(pos, 'mesa-5', five)).toEqual({ acked: false, status: 'error', mensaje: heldFive?.mensaje });
    // Expired is no one's decision: the POS resending it gets it printed, once.
    expect(await resultOf(pos, 'mesa-6', six)).toMatchObject({ acked: true, status: 'success' });
    await printer.waitForPrinted('MESA 6 CADUCADA');
    expect(copiesOf(printer, 'MESA 6 CADUCADA')).toBe(1);
    expect(printer.printedText()).not.toContain('MESA 5 DESCARTADA');
    expect(running.service.job('mesa-5')).toMatchObject({ state: 'error', outcome: 'discarded', reprints: 0 });
    pos.close();
  });

  it('a cancel or discard that lands between the look at an id and its attempt again wins: the attempt is not written', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    const stored = (id: string): StoredJob => {
      const datos = linesReceipt([id]);
      return { id, datos, requestedPrinter: null, datosJson: JSON.stringify(datos) };
    };
    try {
      journal.insertMany([stored('cancelada'), stored('descartada'), stored('caducada')], 1_000);
      expect(journal.cancel('cancelada', CANCELLED_TEXT, 1_100)).toBe(true);
      for (const id of ['descartada', 'caducada']) journal.markFinished(id, 'error', 'PRINTER: sin papel / out of paper: not sent yet', 1_100, 'held', 'tcp://10.0.0.9:9100', false);
      expect(journal.release('descartada', 'discarded')).toBe(true);
      expect(journal.release('caducada', 'expired')).toBe(true);

      expect(() => journal.insertMany([{ ...stored('cancelada'), again: true }], 2_000)).toThrow(NotRetryableError);
      expect(() => journal.insertMany([{ ...stored('descartada'), again: true }], 2_000)).toThrow(NotRetryableError);
      journal.insertMany([{ ...stored('caducada'), again: true }], 2_000);
      expect(['cancelada', 'descartada', 'caducada'].map((id) => journal.get(id)?.state)).toEqual(['error', 'error', 'queued']);
    } finally {
      journal.close();
    }
  });
});
