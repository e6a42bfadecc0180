import { describe, expect, it } from 'vitest';
import { withDoorServices } from '../support/door-services';
import { linesReceipt } from '../support/printer-status-harness';
import { copiesOf, resultOf } from '../support/resend';

/**
 * Issue 38, item 1: only a failure known to have sent nothing leaves a ticket's id open. A printer whose port refuses
 * the connection took nothing, so the same id resent once it is up prints, once; a connection reset after the job's
 * bytes were written may have left part of it on paper, so a resend is answered from the journal, never printed again.
 */
const { shopPrinter } = withDoorServices();

describe('a ticket for a printer whose port refuses connections', () => {
  it('fails, and prints once when resent with the same id after the printer comes up on that port', { timeout: 40_000 }, async () => {
    const { printer, running } = await shopPrinter();
    // Down from the start: the service never heard it, so the ticket goes the plain TCP way and is refused at connect.
    printer.unplug();
    const pos = await running.connect();
    const sale = linesReceipt(['VENTA 51 PAN 0,90']);
    const refused = await resultOf(pos, 'venta-51', sale);
    expect(refused).toMatchObject({ acked: true, status: 'error', mensaje: expect.stringMatching(/^PRINTER: printer at 127\.0\.0\.1:\d+ refused the connection/) as unknown });
    expect(running.service.job('venta-51')).toMatchObject({ state: 'error', bytesSent: false });

    printer.plugIn();
    const printed = await resultOf(pos, 'venta-51', sale);
    expect(printed).toMatchObject({ acked: true, status: 'success' });
    await printer.waitForPrinted('VENTA 51 PAN 0,90');
    expect(running.service.job('venta-51')).toMatchObject({ state: 'success', reprints: 0, bytesSent: true });

    // Printed now: final. Resent again, it is answered from the journal and not printed a second time.
    expect(await resultOf(pos, 'venta-51', sale)).toEqual({ ...printed, acked: false });
    expect(copiesOf(printer, 'VENTA 51 PAN 0,90')).toBe(1);
    pos.close();
  });

  it('one the service knew answering, unplugged: refused on the way to its check, and printed once when resent', { timeout: 40_000 }, async () => {
    const { printer, running } = await shopPrinter();
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.link, { timeout: 10_000 }).toBe('answering');
    printer.unplug();
    const pos = await running.connect();
    const sale = linesReceipt(['VENTA 52 LECHE 1,10']);
    const refused = await resultOf(pos, 'venta-52', sale);
    expect(refused).toMatchObject({ status: 'error', mensaje: expect.stringMatching(/refused the connection/) as unknown });
    expect(running.service.job('venta-52')).toMatchObject({ state: 'error', bytesSent: false });

    printer.plugIn();
    expect(await resultOf(pos, 'venta-52', sale)).toMatchObject({ acked: true, status: 'success' });
    await printer.waitForPrinted('VENTA 52 LECHE 1,10');
    expect(copiesOf(printer, 'VENTA 52 LECHE 1,10')).toBe(1);
    pos.close();
  });
});

describe('a ticket whose connection was reset after its bytes were written', () => {
  it('is answered from the journal when resent, never printed again', { timeout: 40_000 }, async () => {
    const { printer, running } = await shopPrinter();
    await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.link, { timeout: 10_000 }).toBe('answering');
    // A status request is a few bytes; the job is reset once the printer read 40 of it (a power cut mid-job).
    printer.misbehave({ kind: 'resets-after', bytes: 40 });
    const pos = await running.connect();
    const lines = Array.from({ length: 12 }, (_, index) => `VENTA 53 LINEA ${index + 1}`);
    const sale = linesReceipt([...lines, 'VENTA 53 FIN']);
    const cutOff = await resultOf(pos, 'venta-53', sale);
    expect(cutOff).toMatchObject({ acked: true, status: 'error', mensaje: expect.stringMatching(/closed the connection before taking the whole job/) as unknown });
    expect(running.service.job('venta-53')).toMatchObject({ state: 'error', bytesSent: true });

    printer.misbehave(null);
    expect(await resultOf(pos, 'venta-53', sale)).toEqual({ ...cutOff, acked: false });
    // Nothing of it went to the printer again: the printer can print (a new ticket prints), and still no end of it.
    expect(await resultOf(pos, 'venta-54', linesReceipt(['VENTA 54 AGUA 0,60']))).toMatchObject({ status: 'success' });
    await printer.waitForPrinted('VENTA 54 AGUA 0,60');
    expect(printer.printedText()).not.toContain('VENTA 53 FIN');
    expect(printer.printedText()).not.toContain('VENTA 53 LINEA 12');
    expect(running.service.job('venta-53')).toMatchObject({ state: 'error', reprints: 0, bytesSent: true });
    pos.close();
  });
});
