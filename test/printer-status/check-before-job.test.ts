import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceConfig } from '../../src/main/services/service-config';
import { MAY_STILL_PRINT } from '../../src/shared/printer-status/held-partly-sent';
import { createUsbPrinterSimulator, startTcpPrinterSimulator, type PrinterSimulator, type SimulatorOptions, type TcpPrinterSimulator } from '../support/printer-simulator';
import { eventually } from '../support/eventually';
import { FAST_MONITOR_TIMING, linesReceipt, listedStatusOf, printedMensaje } from '../support/printer-status-harness';
import { withServices, type TestService } from '../support/service-harness';

/**
 * Issue 21, item 1: a printer that has answered status is asked again before the first byte of every job, so a job
 * never lands in the buffer of a printer that cannot print (where it would come out by itself once paper is loaded,
 * after the cashier reprinted it). Through real sockets, against the printer simulator, on the default profile (what
 * most shops run: no model set) and on an Epson TM profile. The idle poll is made too slow to notice anything, so only
 * the check before the job can.
 */
const QUIET_IDLE: typeof FAST_MONITOR_TIMING = { ...FAST_MONITOR_TIMING, idlePollMs: 600_000, blockedPollMs: 600_000 };

const PROFILES = [
  { name: 'default profile (no model set)', model: undefined, printer: { supportsProcessId: false } },
  { name: 'Epson TM profile', model: 'epson-tm-t88vi', printer: {} },
] as const;

const start = withServices();
const simulators: PrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
});

async function readyPrinter(model: string | undefined, options: SimulatorOptions): Promise<{ printer: TcpPrinterSimulator; service: TestService }> {
  const printer = await startTcpPrinterSimulator(options);
  simulators.push(printer);
  const config: Partial<ServiceConfig> = { printer: printer.uri, ...(model ? { printerProfiles: [{ printer: printer.uri, model }] } : {}) };
  const service = await start(config, { monitorTiming: QUIET_IDLE });
  // It has answered once: from now on it is a printer that answers status.
  await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'first answer');
  return { printer, service };
}

/** Prints a marker ticket once the printer is fine again, so everything sent before it has had its chance to print. */
async function afterPaperBack(service: TestService, printer: PrinterSimulator, marker: string): Promise<void> {
  expect(await printedMensaje(service, marker, linesReceipt([marker]))).toMatch(/^Print completed/);
  await printer.waitForPrinted(marker);
}

describe.each(PROFILES)('checked before the first byte: $name', ({ model, printer: options }) => {
  it('paper out since the last poll: the job is refused without a byte of it sent, and never prints when paper is loaded', async () => {
    const { printer, service } = await readyPrinter(model, options);
    printer.set({ paper: 'out' });
    const mensaje = await printedMensaje(service, 'venta-sin-papel', linesReceipt(['Sin papel 1', 'Sin papel 2']));
    expect(mensaje).toMatch(/^PRINTER: sin papel \/ out of paper: the printer at tcp:\/\/.* cannot print now, so this ticket was not taken/);
    expect(service.service.job('venta-sin-papel')?.outcome).toBe('failed');
    // Nothing of the job waits in the printer (at most the status commands of the check).
    expect(printer.buffered()).toBeLessThan(8);
    expect(printer.requests.some((request) => request.kind === 'process-id')).toBe(false);
    expect(await listedStatusOf(service, printer.uri)).toBe('error');

    printer.set({ paper: 'ok' });
    await afterPaperBack(service, printer, 'Con papel');
    expect(printer.printedText()).not.toContain('Sin papel');
  });

  it('cover open since the last poll: refused the same way', async () => {
    const { printer, service } = await readyPrinter(model, options);
    printer.set({ coverOpen: true });
    const mensaje = await printedMensaje(service, 'venta-tapa', linesReceipt(['Con tapa abierta']));
    expect(mensaje).toMatch(/^PRINTER: tapa abierta \/ cover open: .*was not taken/);
    printer.set({ coverOpen: false });
    await afterPaperBack(service, printer, 'Tapa cerrada');
    expect(printer.printedText()).not.toContain('Con tapa abierta');
  });

  it('a printer that stopped answering gets no byte of the job: failed as offline within the bound, and it never prints later', async () => {
    const { printer, service } = await readyPrinter(model, options);
    printer.stopAnswering();
    const sentAt = Date.now();
    const mensaje = await printedMensaje(service, 'venta-colgada', linesReceipt(['Colgada']));
    expect(mensaje).toMatch(/^PRINTER: printer at 127\.0\.0\.1:\d+ did not answer a status request within \d+ ms \(offline, unplugged or hung\), so this ticket was not sent/);
    // The check's own bound (answerMs), not the job's patience.
    expect(Date.now() - sentAt).toBeLessThan((QUIET_IDLE.answerMs ?? 0) + 2_000);
    expect(await listedStatusOf(service, printer.uri)).toBe('offline');
    printer.resumeAnswering();
    await afterPaperBack(service, printer, 'Respondiendo');
    expect(printer.printedText()).not.toContain('Colgada');
  });

  it('a ready printer prints as before, and the check came before the job', async () => {
    const { printer, service } = await readyPrinter(model, options);
    const before = printer.requests.length;
    const mensaje = await printedMensaje(service, 'venta-ok', linesReceipt(['Todo bien']));
    expect(mensaje).toMatch(model ? /\(printed: confirmed by the printer\)$/ : /\(delivered: the printer took it but does not confirm paper\)$/);
    expect(printer.printedText()).toContain('Todo bien');
    const kinds = printer.requests.slice(before).map((request) => request.kind);
    // A full DLE EOT round reached the printer before anything of the job (which starts by switching ASB on).
    expect(kinds.slice(0, 5)).toEqual(['dle-eot', 'dle-eot', 'dle-eot', 'dle-eot', 'asb']);
  });
});

describe('paper out in the middle of a receipt', () => {
  it('default profile (no buffer clear): held, and the POS is told part of it may still print when paper is loaded', async () => {
    const printer = await startTcpPrinterSimulator({ supportsProcessId: false, msPerLine: 30 });
    simulators.push(printer);
    const service = await start({ printer: printer.uri }, { monitorTiming: FAST_MONITOR_TIMING });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.paperOutAfterLines(2);
    const lines = Array.from({ length: 12 }, (_, index) => `Renglon ${String(index + 1).padStart(2, '0')}`);
    const mensaje = await printedMensaje(service, 'a-medias', linesReceipt(lines));
    expect(mensaje).toMatch(/^PRINTER: sin papel \/ out of paper/);
    expect(mensaje).toContain(MAY_STILL_PRINT);
    expect(mensaje).toMatch(/holds this ticket/);
    expect(service.service.job('a-medias')?.outcome).toBe('held');
    // And it is true: this printer keeps what it took, and prints it once paper is back.
    printer.set({ paper: 'ok' });
    await printer.waitForPrinted('Renglon 12');
  });

  it('Epson TM profile (buffer cleared, the printer confirms the clear): held as today, with nothing left to print', async () => {
    const printer = await startTcpPrinterSimulator({ msPerLine: 30 });
    simulators.push(printer);
    const service = await start({ printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] }, { monitorTiming: FAST_MONITOR_TIMING });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'ready');
    printer.paperOutAfterLines(2);
    const lines = Array.from({ length: 12 }, (_, index) => `Renglon ${String(index + 1).padStart(2, '0')}`);
    const mensaje = await printedMensaje(service, 'limpio', linesReceipt(lines));
    expect(mensaje).toMatch(/^PRINTER: sin papel \/ out of paper: the printer at .* stopped, so Ticketera holds this ticket/);
    expect(mensaje).not.toContain(MAY_STILL_PRINT);
    expect(printer.requests.some((request) => request.kind === 'clear-buffer')).toBe(true);
    printer.set({ paper: 'ok' });
    await afterPaperBack(service, printer, 'Tras limpiar');
    expect(printer.printedText()).not.toContain('Renglon 12');
  });
});

describe('a direct USB printer is checked the same way', () => {
  it('paper out since the last poll: refused, nothing sent, nothing printed once paper is back', async () => {
    const printer = createUsbPrinterSimulator({ supportsProcessId: false });
    simulators.push(printer);
    const service = await start({ printer: printer.uri }, { monitorTiming: QUIET_IDLE, platform: { usb: { backend: printer.backend } } });
    await eventually(() => listedStatusOf(service, printer.uri), (status) => status === 'ready', 'first answer');
    printer.set({ paper: 'out' });
    expect(await printedMensaje(service, 'usb-sin-papel', linesReceipt(['USB sin papel']))).toMatch(/^PRINTER: sin papel \/ out of paper: .*was not taken/);
    expect(printer.buffered()).toBe(0);
    printer.set({ paper: 'ok' });
    await afterPaperBack(service, printer, 'USB con papel');
    expect(printer.printedText()).not.toContain('USB sin papel');
  });
});
