import { afterEach, describe, expect, it } from 'vitest';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { withServices } from '../support/service-harness';
import { copiesOf } from './orders-service';

const start = withServices();
const printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

const order = (text: string) => ({ version: '1.0', commands: [{ type: 'text' as const, data: { text } }, { type: 'cut' as const }] });

describe('the online-order intake over the real service', () => {
  it("describes the bound printer from its model: a 58 mm clone's 384 dots, a Star printer as Star", async () => {
    const clone = await startTcpPrinterSimulator();
    const star = await startTcpPrinterSimulator({ language: 'star' });
    printers.push(clone, star);
    const running = await start({ printerProfiles: [{ printer: clone.uri, model: 'pos-5890' }, { printer: star.uri, model: 'star-tsp650ii' }] });
    const cloneIntake = new ServiceOnlineOrderIntake(running.service, 'online:a');
    const starIntake = new ServiceOnlineOrderIntake(running.service, 'online:b');
    await cloneIntake.prepare(clone.uri);
    await starIntake.prepare(star.uri);
    expect(cloneIntake.describe()).toEqual({ paperWidthMm: 58, dots: 384, dotsPerMm: 8, star: false });
    expect(starIntake.describe()).toMatchObject({ paperWidthMm: 80, star: true });
  });

  it('prints an order on the bound printer once: the same id again is answered from the journal', async () => {
    const bound = await startTcpPrinterSimulator();
    const other = await startTcpPrinterSimulator();
    printers.push(bound, other);
    // The default printer is another one: the order goes where the binding says.
    const running = await start({ printer: other.uri });
    const intake = new ServiceOnlineOrderIntake(running.service, 'online:c');
    await intake.prepare(bound.uri);
    const request = { id: 'cloudprnt:abc:token-1', document: order('PEDIDO WEB 1'), printer: bound.uri, source: { kind: 'cloudprnt' as const, label: 'orders.example.com' } };
    expect((await intake.print(request)).kind).toBe('printed');
    expect((await intake.print(request)).kind).toBe('printed');
    await bound.waitForPrinted('PEDIDO WEB 1');
    expect(copiesOf(bound.printedText(), 'PEDIDO WEB 1')).toBe(1);
    expect(other.printedText()).not.toContain('PEDIDO WEB 1');
    expect(running.service.job('cloudprnt:abc:token-1')?.state).toBe('success');
  });
});
