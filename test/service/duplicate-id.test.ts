import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { documentDigest } from '../../src/main/services/journal/ticket-digest';
import { ERROR_TEXT } from '../../src/shared/protocol';
import { withDoorServices } from '../support/door-services';
import { envelope, postEpos } from '../support/epos-client';
import { ticketDoc, tempDir, withServices } from '../support/service-harness';

const start = withServices();
const { withPrinter } = withDoorServices();

describe('one id, one document on /ws', () => {
  it('refuses another document under an id still being stored or waiting; the same one is acknowledged again', async () => {
    const service = await start({ rateLimit: 0 });
    const pos = await service.connect();
    // Back to back: the second and third arrive while the first is still on its way into the journal.
    pos.send({ tipo: 'ticket', id: 'venta-3', datos: ticketDoc('primero') });
    pos.send({ tipo: 'ticket', id: 'venta-3', datos: ticketDoc('otro') });
    pos.send({ tipo: 'ticket', id: 'venta-3', datos: ticketDoc('primero') });
    expect(await pos.next('error', (message) => message.id === 'venta-3')).toMatchObject({ mensaje: ERROR_TEXT.duplicateId('venta-3') });
    await pos.until(() => pos.messages.filter((message) => message.tipo === 'ack').length === 2, 'both acks of the first document');
    expect(await pos.next('result', (message) => message.id === 'venta-3')).toMatchObject({ status: 'success' });
    expect(service.service.job('venta-3')).toMatchObject({ datos: ticketDoc('primero'), reprints: 0 });
    expect(service.service.recentJobs(10)).toHaveLength(1);
    pos.close();
  });

  it('a document too deep to compare under a known id is refused as VALIDATION, not printed', async () => {
    const service = await start({ rateLimit: 0 });
    const pos = await service.connect();
    pos.send({ tipo: 'ticket', id: 'venta-4', datos: ticketDoc() });
    await pos.next('result', (message) => message.id === 'venta-4');
    // Written as text: JSON.stringify itself overflows on it (JSON.parse does not).
    const deep = `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
    pos.send(`{"tipo":"ticket","id":"venta-4","datos":${deep}}`);
    expect(await pos.next('error', (message) => message.id === 'venta-4')).toMatchObject({ mensaje: expect.stringMatching(/^VALIDATION: datos nests deeper/) as unknown });
    pos.close();
  });
});

describe('one id, one document on the ePOS-Print door, also once the paper is back', () => {
  it('a sale refused for paper prints when sent again; another body under its printjobid is still refused', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    printer.set({ paper: 'out' });
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe('out');
    const sale = envelope('<text>VENTA 9 CORTADO&#10;</text><cut/>', 'venta-9');
    expect((await postEpos(running.httpUrl, sale)).answer).toMatchObject({ success: false, code: 'EPTR_REC_EMPTY' });
    printer.set({ paper: 'ok' });
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe('ok');
    // A POS numbering another sale the same way: not this sale, whatever became of it.
    const other = await postEpos(running.httpUrl, envelope('<text>OTRA VENTA&#10;</text><cut/>', 'venta-9'));
    expect(other.answer).toMatchObject({ success: false, code: 'ParameterError' });
    expect((await postEpos(running.httpUrl, sale)).answer).toMatchObject({ success: true, code: '' });
    await printer.waitForPrinted('VENTA 9 CORTADO');
    expect(printer.printedText()).not.toContain('OTRA VENTA');
    expect(printer.printedText().split('VENTA 9 CORTADO')).toHaveLength(2);
  });
});

describe('the journal\'s document digests', () => {
  it('are canonical: the same document with its keys in another order has the same digest, another document not', () => {
    const reordered = { commands: [{ data: { text: 'Hola' }, type: 'text' }], profile: { paper_width: 80, model: 'epson' }, version: '1.0' };
    expect(documentDigest(reordered)).toBe(documentDigest(ticketDoc('Hola')));
    expect(documentDigest(ticketDoc('Adiós'))).not.toBe(documentDigest(ticketDoc('Hola')));
    expect(documentDigest([1, 'x'])).not.toBe(documentDigest(['x', 1]));
  });

  it('are made from the stored document, for rows of any age', () => {
    const file = path.join(tempDir('ticketera-digest-'), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany([{ id: 'antiguo', datos: ticketDoc('antes'), requestedPrinter: null, datosJson: JSON.stringify(ticketDoc('antes')) }]);
    journal.close();
    const reopened = new JobJournal(file);
    try {
      expect(reopened.digestOf('antiguo')).toBe(documentDigest(ticketDoc('antes')));
      expect(reopened.digestOf('desconocido')).toBeUndefined();
      reopened.insertMany([{ id: 'nuevo', datos: ticketDoc('después'), requestedPrinter: null, datosJson: JSON.stringify(ticketDoc('después')) }]);
      expect(reopened.digestOf('nuevo')).toBe(documentDigest(ticketDoc('después')));
    } finally {
      reopened.close();
    }
  });
});
