import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src/shared/protocol';
import { withDoorServices } from '../support/door-services';
import { envelope, postEpos } from '../support/epos-client';
import { ticketDoc } from '../support/service-harness';

/**
 * Issue 38, item 11: ids belong to their door. A `/ws` ticket cannot take an id in a vendor door's space (`epos:…`),
 * so the POS on that door that later sends its sale under that printjobid still gets it printed.
 */
const { withPrinter } = withDoorServices();

describe('ids reserved for the vendor doors', () => {
  it('a /ws ticket with id epos:order-77 is refused; the ePOS POS’s sale with printjobid order-77 then prints', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    const pos = await running.connect();
    pos.send({ tipo: 'ticket', id: 'epos:order-77', datos: ticketDoc('TOMADO POR WS') });
    const refused = await pos.next('error', (message) => message.id === 'epos:order-77');
    expect(refused.mensaje).toBe(ERROR_TEXT.reservedId('epos:order-77', 'epos:'));
    expect(refused.mensaje).toMatch(/^VALIDATION: id reservado \/ reserved id: /);
    expect(running.service.recentJobs()).toHaveLength(0);

    const sale = await postEpos(running.httpUrl, envelope('<text>PEDIDO 77 EPOS&#10;</text><cut/>', 'order-77'));
    expect(sale.answer).toMatchObject({ success: true, code: '' });
    await printer.waitForPrinted('PEDIDO 77 EPOS');
    expect(printer.printedText()).not.toContain('TOMADO POR WS');
    pos.close();
  });

  it.each(['webprnt:7', 'cloudprnt:abc:order-1', 'sdp:abc:order-1'])('a /ws ticket with id %s is refused, nothing queued', async (id) => {
    const { running } = await withPrinter();
    const pos = await running.connect();
    pos.send({ tipo: 'ticket', id, datos: ticketDoc() });
    expect((await pos.next('error', (message) => message.id === id)).mensaje).toMatch(/^VALIDATION: id reservado \/ reserved id: .*reserved for another of Ticketera's doors/);
    expect(running.service.recentJobs()).toHaveLength(0);
    // An id that only looks alike is the POS's own.
    pos.send({ tipo: 'ticket', id: `pos-${id}`, datos: ticketDoc() });
    expect(await pos.next('result', (message) => message.id === `pos-${id}`)).toMatchObject({ status: 'success' });
    pos.close();
  });
});
