import { MAY_STILL_PRINT } from '../../src/shared/printer-status/held-partly-sent';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceConfig } from '../../src/main/services/service-config';
import { createUsbPrinterSimulator, startTcpPrinterSimulator, type PrinterSimulator } from '../support/printer-simulator';
import { eventually } from '../support/eventually';
import { FAST_MONITOR_TIMING, linesReceipt, listedStatusOf, printedMensaje } from '../support/printer-status-harness';
import { withServices, type TestService } from '../support/service-harness';

const EPSON = 'epson-tm-t88vi';

const start = withServices();
const simulators: PrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
});

async function printerAndService(options: { model?: string; clone?: boolean; msPerLine?: number } = {}): Promise<{ printer: PrinterSimulator & { uri: string }; service: TestService }> {
  const printer = await startTcpPrinterSimulator({
    ...(options.clone ? { supportsProcessId: false } : {}),
    ...(options.msPerLine ? { msPerLine: options.msPerLine } : {}),
  });
  simulators.push(printer);
  const config: Partial<ServiceConfig> = { printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: options.model ?? EPSON }] };
  const service = await start(config, { monitorTiming: FAST_MONITOR_TIMING });
  return { printer, service };
}

describe('jobs confirmed by the printer itself', () => {
  it('an Epson model answers GS ( H once the ticket is on paper, and the result says printed', async () => {
    const { printer, service } = await printerAndService();
    const mensaje = await printedMensaje(service, 'venta-1', linesReceipt(['Cafe con leche 1,50']));
    expect(mensaje).toMatch(/^Print completed in \d+ms \(printed: confirmed by the printer\)$/);
    expect(printer.printedText()).toContain('Cafe con leche 1,50');
    expect(printer.requests.some((request) => request.kind === 'process-id')).toBe(true);
    expect(service.service.job('venta-1')?.outcome).toBe('printed');
  });

  it('a model that cannot confirm: the result says delivered, after a status read that found no problem', async () => {
    const { printer, service } = await printerAndService({ model: 'generic', clone: true });
    const mensaje = await printedMensaje(service, 'venta-2', linesReceipt(['Tostada 2,00']));
    expect(mensaje).toMatch(/^Print completed in \d+ms \(delivered: the printer took it but does not confirm paper\)$/);
    expect(printer.printedText()).toContain('Tostada 2,00');
    expect(printer.requests.some((request) => request.kind === 'process-id')).toBe(false);
    expect(service.service.job('venta-2')?.outcome).toBe('delivered');
  });

  it('a direct USB printer confirms the same way', async () => {
    const printer = createUsbPrinterSimulator();
    simulators.push(printer);
    const service = await start(
      { printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: EPSON }] },
      { monitorTiming: FAST_MONITOR_TIMING, platform: { usb: { backend: printer.backend } } },
    );
    // Once the printer has answered its first status read: before it, the service does not yet know it can confirm.
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'printer ready');
    expect(await printedMensaje(service, 'usb-1', linesReceipt(['Por USB']))).toMatch(/\(printed: confirmed by the printer\)$/);
    expect(printer.printedText()).toContain('Por USB');
  });
});

describe('paper out: held jobs are never printed stale', () => {
  it('holds the receipt the paper ran out on and the one behind it, refuses new ones, and prints a held one only on "print now"', async () => {
    const { printer, service } = await printerAndService({ msPerLine: 40 });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'printer ready');
    printer.paperOutAfterLines(3);
    const lines = Array.from({ length: 20 }, (_, index) => `Linea ${String(index + 1).padStart(2, '0')}`);
    const client = await service.connect();
    const sentAt = Date.now();
    client.send({ tipo: 'ticket', id: 'mesa-4', datos: linesReceipt(lines) });
    client.send({ tipo: 'ticket', id: 'mesa-5', datos: linesReceipt(['Mesa cinco']) });
    const first = await client.next('result', (message) => message.id === 'mesa-4');
    // The POS hears within the protocol's 5 seconds, with the reason, and can send the sale elsewhere.
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(first).toMatchObject({ status: 'error' });
    expect(first.mensaje).toMatch(/^PRINTER: sin papel \/ out of paper: .*holds this ticket and will not print it by itself/);
    const second = await client.next('result', (message) => message.id === 'mesa-5');
    // The one behind it never left: held too, and said so, without the warning that part of it may come out.
    expect(second.mensaje).toMatch(/^PRINTER: sin papel \/ out of paper: the printer at .* stopped, so this ticket was not sent yet: Ticketera holds it and will not print it by itself/);
    expect(second.mensaje).not.toContain(MAY_STILL_PRINT);
    expect(service.service.job('mesa-4')?.outcome).toBe('held');
    expect(service.service.job('mesa-5')?.outcome).toBe('held');
    expect(await listedStatusOf(service, printer.uri)).toBe('error');

    client.send({ tipo: 'ticket', id: 'mesa-6', datos: linesReceipt(['Mesa seis']) });
    const refused = await client.next('result', (message) => message.id === 'mesa-6');
    expect(refused.mensaje).toMatch(/^PRINTER: sin papel \/ out of paper: .*was not taken/);
    expect(service.service.job('mesa-6')?.outcome).toBe('failed');

    printer.set({ paper: 'ok' });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'paper back');
    // What the printer still held of the receipt was cleared: it never comes out by itself.
    expect(await printedMensaje(service, 'mesa-7', linesReceipt(['Mesa siete']))).toMatch(/printed: confirmed/);
    expect(printer.printedText()).not.toContain('Linea 20');
    expect(printer.printedText()).not.toContain('Mesa cinco');

    expect(service.service.queue.reprint('mesa-5')).toBe(true);
    await printer.waitForPrinted('Mesa cinco');
    await eventually(() => service.service.job('mesa-5')?.outcome, (outcome) => outcome === 'printed', 'print now');
    expect(printer.printedText().split('Mesa cinco').length - 1).toBe(1);
    client.close();
  });

  it('a held job cannot be printed while its printer is still out of paper; discarding it drops it for good', async () => {
    const { printer, service } = await printerAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.paperOutAfterLines(1);
    const mensaje = await printedMensaje(service, 'barra-1', linesReceipt(['Barra uno', 'Barra dos', 'Barra tres']));
    expect(mensaje).toMatch(/^PRINTER: sin papel \/ out of paper/);
    expect(service.service.heldJobBlocker('barra-1')).toBe('paper-out');
    expect(service.service.discardHeld('barra-1')).toBe(true);
    expect(service.service.job('barra-1')?.outcome).toBe('discarded');
    expect(service.service.discardHeld('barra-1')).toBe(false);
  });

  it('a job sent the moment the cover closes prints: a refusal is decided on a fresh answer, not the last poll', async () => {
    const { printer, service } = await printerAndService();
    printer.set({ coverOpen: true });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'error', 'cover open seen');
    printer.set({ coverOpen: false });
    expect(await printedMensaje(service, 'tras-tapa', linesReceipt(['Tras la tapa']))).toMatch(/printed: confirmed/);
    printer.set({ coverOpen: true });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'error', 'cover open again');
    expect(await printedMensaje(service, 'con-tapa', linesReceipt(['Con la tapa']))).toMatch(/^PRINTER: tapa abierta \/ cover open: .*was not taken/);
    expect(printer.printedText()).not.toContain('Con la tapa');
  });

  it('held jobs past their expiry are discarded by themselves', async () => {
    const { printer, service } = await printerAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.paperOutAfterLines(1);
    expect(await printedMensaje(service, 'viejo', linesReceipt(['Viejo', 'Muy viejo', 'Antiguo']))).toMatch(/^PRINTER: sin papel/);
    expect(service.service.expireHeldJobs(Date.now())).toBe(0);
    expect(service.service.expireHeldJobs(Date.now() + 61 * 60_000)).toBe(1);
    expect(service.service.job('viejo')?.outcome).toBe('expired');
  });
});

describe('one stopped printer never holds up another', () => {
  it('the fresh status read before refusing a job for a stopped printer does not delay a job for another printer', async () => {
    const kitchen = await startTcpPrinterSimulator();
    const bar = await startTcpPrinterSimulator();
    simulators.push(kitchen, bar);
    const service = await start(
      { printer: bar.uri, printerProfiles: [{ printer: kitchen.uri, model: EPSON }, { printer: bar.uri, model: EPSON }] },
      // A long answer time: the kitchen printer, hung, takes it whole before it counts as silent.
      { monitorTiming: { ...FAST_MONITOR_TIMING, answerMs: 3_000 } },
    );
    await eventually(() => listedStatusOf(service, bar.uri), (status) => status === 'ready', 'bar ready');
    kitchen.set({ paper: 'out' });
    await eventually(() => listedStatusOf(service, kitchen.uri), (status) => status === 'error', 'kitchen out of paper');
    kitchen.stopAnswering();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'cocina', datos: { ...linesReceipt(['Cocina']), printer: kitchen.uri } });
    client.send({ tipo: 'ticket', id: 'barra', datos: { ...linesReceipt(['Barra']), printer: bar.uri } });
    await client.next('result', (message) => message.id === 'barra');
    // The bar's ticket printed while the kitchen printer was still being asked (not yet found silent).
    expect(service.service.monitors.statusOf(kitchen.uri)).toMatchObject({ link: 'answering', paper: 'out' });
    expect(bar.printedText()).toContain('Barra');
    await client.next('result', (message) => message.id === 'cocina');
    client.close();
  });
});

describe('the printer state that get_printers and /health report', () => {
  it('follows the printer: ready, cover open (error), hung (offline within the bound), unplugged (offline), back (ready)', async () => {
    const { printer, service } = await printerAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.set({ coverOpen: true });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'error', 'cover open');
    printer.set({ coverOpen: false });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'cover closed');
    printer.stopAnswering();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'offline', 'hung printer', 3_000);
    printer.resumeAnswering();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'answering again');
    printer.unplug();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'offline', 'unplugged', 3_000);
    const health = (await (await fetch(`${service.httpUrl}/health`)).json()) as { printers: { detected_count: number } };
    expect(health.printers.detected_count).toBeGreaterThanOrEqual(2);
    printer.plugIn();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'plugged in');
  });

  it('counts each drawer opening for the cash-control audit', async () => {
    const { printer, service } = await printerAndService();
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    for (let opening = 0; opening < 2; opening++) {
      printer.set({ drawerOpen: true });
      await eventually(() => service.service.printerStatuses()[0]?.drawerOpen, (open) => open === true, 'drawer open');
      printer.set({ drawerOpen: false });
      await eventually(() => service.service.printerStatuses()[0]?.drawerOpen, (open) => open === false, 'drawer closed');
    }
    expect(service.service.journal.drawerOpenings(0, Date.now() + 1).map((opening) => opening.printer)).toEqual([printer.uri, printer.uri]);
  });
});
