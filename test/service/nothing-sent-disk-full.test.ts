import { afterEach, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/shared/protocol';
import { withDoorServices } from '../support/door-services';
import { linesReceipt } from '../support/printer-status-harness';
import { startRealPrinter } from '../support/printer-simulator';
import { describeWithTmpfs, mountSmallVolume, type SmallVolume } from '../support/tmpfs';

/**
 * Issue 38, item 1, on a full disk: a ticket refused while the journal could not record its end (kept in memory until
 * space returns) is known to have sent nothing all the same. A resend then is not answered with that refusal as if it
 * were final: it is a new attempt (refused as any ticket while the disk is full), and prints once space returns.
 */
const { track, serviceFor } = withDoorServices();
let volume: SmallVolume | undefined;
afterEach(() => {
  volume?.unmount();
  volume = undefined;
});

const healthAt = async (baseUrl: string): Promise<HealthResponse> => (await fetch(`${baseUrl}/health`)).json() as Promise<HealthResponse>;
const FULL_DISK_ERROR = /^EXECUTION: the ticket could not be saved: the disk is full \(.*journal\.sqlite: \w+\)$/;

describeWithTmpfs('a ticket refused while the disk was full', () => {
  it('keeps "nothing sent" with its unrecorded end, so a resend is a new attempt that prints once space returns', { timeout: 40_000 }, async () => {
    volume = mountSmallVolume(2048);
    const printer = track(await startRealPrinter('epson'));
    const running = await serviceFor(printer, { dataDir: volume.dir });
    const paperSeen = (paper: 'ok' | 'out') => expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe(paper);
    printer.set({ paper: 'out' });
    await paperSeen('out');
    running.service.queue.pause();
    const pos = await running.connect();
    const sale = linesReceipt(['VENTA 71 DISCO LLENO']);
    pos.send({ tipo: 'ticket', id: 'venta-71', datos: sale });
    await pos.next('ack', (message) => message.id === 'venta-71');

    volume.fill();
    running.service.queue.resume();
    const refused = await pos.next('result', (message) => message.id === 'venta-71');
    expect(refused).toMatchObject({ status: 'error', mensaje: expect.stringMatching(/^PRINTER: .*not taken/) as unknown });
    await expect.poll(async () => (await healthAt(running.httpUrl)).journal.status, { timeout: 10_000 }).toBe('disk-full');
    // Its end waits in memory (the journal still has it queued), and what the service reports of it says nothing was sent.
    expect(running.service.queue.unrecordedFinish('venta-71')).toMatchObject({ state: 'error', sent: false });
    expect(running.service.job('venta-71')).toMatchObject({ state: 'error', bytesSent: false });

    // Not final: a new attempt, which a full disk refuses as it refuses any ticket (not taken, nothing printed).
    pos.messages.length = 0;
    pos.send({ tipo: 'ticket', id: 'venta-71', datos: sale });
    const notSaved = await pos.next('error', (message) => message.id === 'venta-71');
    expect(notSaved.mensaje).toMatch(FULL_DISK_ERROR);

    volume.free();
    printer.set({ paper: 'ok' });
    await paperSeen('ok');
    pos.messages.length = 0;
    pos.send({ tipo: 'ticket', id: 'venta-71', datos: sale });
    expect(await pos.next('result', (message) => message.id === 'venta-71', 15_000)).toMatchObject({ status: 'success' });
    await printer.waitForPrinted('VENTA 71 DISCO LLENO');
    expect(printer.printedText().split('VENTA 71 DISCO LLENO').length - 1).toBe(1);
    expect(running.service.job('venta-71')).toMatchObject({ state: 'success', reprints: 0, bytesSent: true });
    pos.close();
  });
});
