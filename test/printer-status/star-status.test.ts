import { afterEach, describe, expect, it } from 'vitest';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { MAY_STILL_PRINT } from '../../src/shared/printer-status/held-partly-sent';
import { eventually } from '../support/eventually';
import { FAST_MONITOR_TIMING, linesReceipt, listedStatusOf, printedMensaje } from '../support/printer-status-harness';
import { withServices, type TestService } from '../support/service-harness';

const TSP650II = 'star-tsp650ii';

const start = withServices();
const simulators: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
});

async function starPrinterAndService(): Promise<{ printer: TcpPrinterSimulator; service: TestService }> {
  const printer = await startTcpPrinterSimulator({ language: 'star' });
  simulators.push(printer);
  const service = await start({ printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: TSP650II }] }, { monitorTiming: FAST_MONITOR_TIMING });
  return { printer, service };
}

/** Whether `bytes` contains `part` anywhere. */
const contains = (bytes: Uint8Array, part: number[]): boolean => Buffer.from(bytes).includes(Buffer.from(part));

describe('a Star TSP650II (Star Line Mode) on TCP 9100 reports its own state', () => {
  it('shows ready, prints a ticket as delivered after a status read, and is never sent ESC/POS status commands', async () => {
    const { printer, service } = await starPrinterAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'printer ready');
    const mensaje = await printedMensaje(service, 'star-1', linesReceipt(['Cortado 1,80']));
    expect(mensaje).toMatch(/^Print completed in \d+ms \(delivered: the printer took it but does not confirm paper\)$/);
    expect(printer.printedText()).toContain('Cortado 1,80');
    expect(service.service.job('star-1')?.outcome).toBe('delivered');
    expect(printer.requests.length).toBeGreaterThanOrEqual(2);
    expect(printer.requests.every((request) => request.kind === 'star-status')).toBe(true);
    // DLE EOT, GS a and GS ( H would have come out as garbage on the paper.
    for (const escPos of [[0x10, 0x04], [0x1d, 0x61], [0x1d, 0x28, 0x48]]) expect(contains(printer.printed(), escPos)).toBe(false);
  });

  it('paper out: the printer shows error and a new ticket is refused at once with the reason', async () => {
    const { printer, service } = await starPrinterAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.set({ paper: 'out' });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'error', 'paper out seen');
    expect(service.service.printerStatuses()[0]).toMatchObject({ paper: 'out', offline: true, link: 'answering' });
    expect(await printedMensaje(service, 'sin-papel', linesReceipt(['No sale']))).toMatch(/^PRINTER: sin papel \/ out of paper: .*was not taken/);
    expect(service.service.job('sin-papel')?.outcome).toBe('failed');
    printer.set({ paper: 'ok' });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'paper back');
    expect(printer.printedText()).not.toContain('No sale');
  });

  it('paper running out mid-receipt: the ticket is held with the reason, within the protocol’s 5 seconds', async () => {
    const { printer, service } = await starPrinterAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.paperOutAfterLines(2);
    const sentAt = Date.now();
    const mensaje = await printedMensaje(service, 'mesa-2', linesReceipt(['Linea 1', 'Linea 2', 'Linea 3', 'Linea 4']));
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(mensaje).toMatch(/^PRINTER: sin papel \/ out of paper.*: .*holds this ticket and will not print it by itself/);
    // Star documents no buffer clear: the POS is told the rest may still come out (issue 21), and it does.
    expect(mensaje).toContain(MAY_STILL_PRINT);
    expect(service.service.job('mesa-2')?.outcome).toBe('held');
    expect(service.service.heldJobBlocker('mesa-2')).toBe('paper-out');
    expect(printer.printedText()).toContain('Linea 2');
    expect(printer.printedText()).not.toContain('Linea 3');
    printer.set({ paper: 'ok' });
    await printer.waitForPrinted('Linea 4');
  });

  it('a hung printer becomes offline within the bound, and ready again once it answers', async () => {
    const { printer, service } = await starPrinterAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.stopAnswering();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'offline', 'hung printer', 3_000);
    printer.resumeAnswering();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'answering again');
  });

  it('reports the drawer its compulsion switch shows, for the cash-control count', async () => {
    const { printer, service } = await starPrinterAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.set({ drawerOpen: true });
    await eventually(() => service.service.printerStatuses()[0]?.drawerOpen, (open) => open === true, 'drawer open');
    printer.set({ drawerOpen: false });
    await eventually(() => service.service.printerStatuses()[0]?.drawerOpen, (open) => open === false, 'drawer closed');
    expect(service.service.journal.drawerOpenings(0, Date.now() + 1).map((opening) => opening.printer)).toEqual([printer.uri]);
  });
});
