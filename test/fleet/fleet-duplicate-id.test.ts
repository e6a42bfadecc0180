import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src/shared/protocol';
import { ticketDoc, type TestService } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

/** The same document as ticketDoc(text) with every object's keys in another order (a POS re-serializing it). */
const reordered = (text: string): Record<string, unknown> => ({
  commands: [{ data: { text }, type: 'text' }],
  profile: { paper_width: 80, model: 'epson' },
  version: '1.0',
});

/** The id's one job: the first document, printed once. */
function printedOnceAs(site: TestService, id: string, text: string): void {
  expect(site.service.recentJobs(50).filter((job) => job.id === id)).toHaveLength(1);
  const job = site.service.job(id);
  expect(job).toMatchObject({ state: 'success', reprints: 0, datos: ticketDoc(text) });
}

describe.skipIf(mosquittoMissing)('one id, one document across the doors (the till on /ws, the chain through the broker)', () => {
  it('the till prints venta-12, then the chain sends another ticket as venta-12: refused, never "printed"', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'caja');
    const till = await site.connect();
    till.send({ tipo: 'ticket', id: 'venta-12', datos: ticketDoc('caja: venta 12') });
    const first = await till.next('result', (message) => message.id === 'venta-12');
    expect(first.status).toBe('success');
    const chain = fixtures.chain(broker, { site: 'caja' });
    const refused = await chain.print(ticketDoc('nube: pedido 12') as never, { id: 'venta-12' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'rejected', category: 'VALIDATION', id: 'venta-12' });
    expect((refused as Error & { text: string }).text).toMatch(/duplicate id: "venta-12" .*different ticket/);
    // The same document again (its keys in another order) is a resend: the stored result, from either door.
    await expect(chain.print(reordered('caja: venta 12') as never, { id: 'venta-12' })).resolves.toMatchObject({ id: 'venta-12', mensaje: first.mensaje });
    printedOnceAs(site, 'venta-12', 'caja: venta 12');
    till.close();
  });

  it('the chain prints pedido-7, then the till sends another ticket as pedido-7: refused with the exact text', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'tienda');
    const chain = fixtures.chain(broker, { site: 'tienda' });
    const first = await chain.print(ticketDoc('nube: pedido 7') as never, { id: 'pedido-7' });
    const till = await site.connect();
    till.send({ tipo: 'ticket', id: 'pedido-7', datos: ticketDoc('caja: venta 7') });
    const refused = await till.next('error', (message) => message.id === 'pedido-7');
    expect(refused).toEqual({ tipo: 'error', id: 'pedido-7', status: 'error', mensaje: ERROR_TEXT.duplicateId('pedido-7') });
    expect(refused.mensaje).toBe(
      'VALIDATION: id duplicado / duplicate id: "pedido-7" ya se usó para otro ticket / was already used for a different ticket; send this one with a new id',
    );
    till.send({ tipo: 'ticket', id: 'pedido-7', datos: reordered('nube: pedido 7') });
    expect(await till.next('result', (message) => message.id === 'pedido-7')).toMatchObject({ status: 'success', mensaje: first.mensaje });
    expect(till.messages.some((message) => message.tipo === 'ack')).toBe(false);
    printedOnceAs(site, 'pedido-7', 'nube: pedido 7');
    till.close();
  });
});
