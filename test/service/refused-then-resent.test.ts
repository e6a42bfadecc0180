import { describe, expect, it } from 'vitest';
import { withDoorServices } from '../support/door-services';
import { FAST_MONITOR_TIMING, linesReceipt } from '../support/printer-status-harness';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import { withServices, type TestService } from '../support/service-harness';
import { copiesOf } from '../support/resend';

/**
 * Issue 38, item 1 on `/ws`: a ticket refused because the printer could not print (nothing was sent) is not final for
 * its id. The POS that resends it with the same id once the paper is back gets it printed, once; a ticket that printed
 * is still answered from the journal, never printed again.
 */
const { withPrinter, printer: newPrinter } = withDoorServices();
const start = withServices();

/** Waits until the service's own monitor has read the printer's paper as `paper`. */
async function serviceSeesPaper(running: TestService, printer: TcpPrinterSimulator, paper: 'ok' | 'out'): Promise<void> {
  await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe(paper);
}

describe('a ticket refused while the paper was out', () => {
  it('prints once when the POS resends it with the same id after paper is back, and is answered from the journal after', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    printer.set({ paper: 'out' });
    await serviceSeesPaper(running, printer, 'out');
    const pos = await running.connect();
    const sale = linesReceipt(['VENTA 41 CAFE 1,20']);

    pos.send({ tipo: 'ticket', id: 'venta-41', datos: sale });
    await pos.next('ack', (message) => message.id === 'venta-41');
    const refused = await pos.next('result', (message) => message.id === 'venta-41');
    expect(refused).toMatchObject({ status: 'error', mensaje: expect.stringMatching(/^PRINTER: .*not taken/) as unknown });

    printer.set({ paper: 'ok' });
    await serviceSeesPaper(running, printer, 'ok');
    pos.messages.length = 0;
    // Twice at once, as a POS that resends on reconnecting and again on a timer: one print between them.
    pos.send({ tipo: 'ticket', id: 'venta-41', datos: sale });
    pos.send({ tipo: 'ticket', id: 'venta-41', datos: sale });
    const printed = await pos.next('result', (message) => message.id === 'venta-41');
    expect(printed).toMatchObject({ status: 'success', mensaje: expect.stringMatching(/^Print completed in \d+ms/) as unknown });
    expect(pos.messages.filter((message) => message.tipo === 'ack')).toHaveLength(2);
    await printer.waitForPrinted('VENTA 41 CAFE 1,20');
    expect(copiesOf(printer, 'VENTA 41 CAFE 1,20')).toBe(1);
    expect(running.service.job('venta-41')).toMatchObject({ state: 'success', reprints: 0, bytesSent: true });

    // Printed now, it is final: resent while the paper is out again, and once it is back, the journal answers.
    printer.set({ paper: 'out' });
    await serviceSeesPaper(running, printer, 'out');
    pos.messages.length = 0;
    pos.send({ tipo: 'ticket', id: 'venta-41', datos: sale });
    expect(await pos.next('result', (message) => message.id === 'venta-41')).toEqual(printed);
    printer.set({ paper: 'ok' });
    await serviceSeesPaper(running, printer, 'ok');
    pos.send({ tipo: 'ticket', id: 'venta-41', datos: sale });
    await pos.until(() => pos.messages.filter((message) => message.tipo === 'result').length === 2, 'the second answer');
    expect(pos.messages.filter((message) => message.tipo !== 'result')).toEqual([]);
    expect(copiesOf(printer, 'VENTA 41 CAFE 1,20')).toBe(1);
    pos.close();
  });

  it('refused by the printer’s own answer just before the job (paper out since its last reading), it prints when resent', { timeout: 30_000 }, async () => {
    const printer = await newPrinter();
    // Read rarely while idle: the service still believes the paper is in when the ticket comes, and only the check
    // the monitor makes on the job's way out, after the job was marked printing, finds it out.
    const running = await start({ printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] }, { monitorTiming: { ...FAST_MONITOR_TIMING, idlePollMs: 60_000 } });
    const pos = await running.connect();
    await serviceSeesPaper(running, printer, 'ok');
    printer.set({ paper: 'out' });
    const sale = linesReceipt(['VENTA 43 ZUMO 3,00']);
    pos.send({ tipo: 'ticket', id: 'venta-43', datos: sale });
    const refused = await pos.next('result', (message) => message.id === 'venta-43');
    expect(refused).toMatchObject({ status: 'error', mensaje: expect.stringMatching(/^PRINTER: .*not taken/) as unknown });
    // It went as far as `printing` in the journal: what tells it apart is that no byte of it was sent.
    expect(running.service.job('venta-43')).toMatchObject({ state: 'error', startedAt: expect.any(Number) as unknown, bytesSent: false });

    // Resent as soon as the paper is in: the service asks the printer again before refusing it.
    printer.set({ paper: 'ok' });
    pos.messages.length = 0;
    pos.send({ tipo: 'ticket', id: 'venta-43', datos: sale });
    expect(await pos.next('result', (message) => message.id === 'venta-43')).toMatchObject({ status: 'success' });
    await printer.waitForPrinted('VENTA 43 ZUMO 3,00');
    expect(copiesOf(printer, 'VENTA 43 ZUMO 3,00')).toBe(1);
    pos.close();
  });
});
