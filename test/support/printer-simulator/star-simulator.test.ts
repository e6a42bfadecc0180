import { afterEach, describe, expect, it } from 'vitest';
import { createUsbPrinterSimulator, startTcpPrinterSimulator, type PrinterSimulator, type SimulatedState } from './index';
import { connectRaw } from './raw-client';
import { until } from '../eventually';

const ESC_ACK_SOH = [0x1b, 0x06, 0x01];
const text = (value: string): number[] => [...Buffer.from(value, 'latin1')];
/** Star's ASB over Ethernet: Header-1 23h (9 bytes), Header-2 86h (version 3, Length follows), status 1–7, Length 0000h. */
const ethernetAsb = (...status: number[]): number[] => [0x23, 0x86, ...Array.from({ length: 7 }, (_, index) => status[index] ?? 0), 0x00, 0x00];

const running: PrinterSimulator[] = [];
async function starPrinter() {
  const simulator = await startTcpPrinterSimulator({ language: 'star' });
  running.push(simulator);
  return simulator;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((simulator) => simulator.close()));
});

describe('printer simulator as a Star printer (language: star)', () => {
  const cases: Array<{ state: Partial<SimulatedState>; answer: number[] }> = [
    { state: {}, answer: ethernetAsb() },
    { state: { paper: 'near-end' }, answer: ethernetAsb(0, 0, 0, 0x04) },
    { state: { paper: 'out' }, answer: ethernetAsb(0x08, 0, 0, 0x0c) },
    { state: { coverOpen: true }, answer: ethernetAsb(0x28) },
    { state: { drawerOpen: true }, answer: ethernetAsb(0x04) },
    { state: { cutterError: true }, answer: ethernetAsb(0x08, 0x08) },
    { state: { unrecoverableError: true }, answer: ethernetAsb(0x08, 0x20) },
  ];
  it.each(cases)('answers ESC ACK SOH in state $state with its ASB block', async ({ state, answer }) => {
    const printer = await starPrinter();
    printer.set(state);
    const client = await connectRaw(printer.port);
    await client.write(ESC_ACK_SOH);
    expect([...(await client.waitForBytes(answer.length))]).toEqual(answer);
    expect(printer.requests).toEqual([{ kind: 'star-status' }]);
    expect(printer.printed()).toHaveLength(0);
  });

  it('answers ESC ACK SOH at once even behind a job stopped by paper end, split across TCP segments', async () => {
    const printer = await starPrinter();
    printer.set({ paper: 'out' });
    const client = await connectRaw(printer.port);
    await client.write([...text('held\n'), 0x1b]);
    await client.write([0x06, 0x01]);
    expect([...(await client.waitForBytes(11))]).toEqual(ethernetAsb(0x08, 0, 0, 0x0c));
    expect(printer.buffered()).toBe('held\n'.length);
    printer.set({ paper: 'ok' });
    await printer.waitForPrinted('held\n');
  });

  it('sends its ASB block by itself on each status change over Ethernet, to the latest connection', async () => {
    const printer = await starPrinter();
    const client = await connectRaw(printer.port);
    printer.set({ coverOpen: true });
    expect([...(await client.waitForBytes(11))]).toEqual(ethernetAsb(0x28));
    printer.set({ coverOpen: true });
    printer.set({ coverOpen: false });
    // Setting the same state again sent nothing: the next block is the cover closing.
    expect([...(await client.waitForBytes(22)).subarray(11)]).toEqual(ethernetAsb());
  });

  it('ignores ESC/POS status requests (DLE EOT, GS a) and prints Star text, opening the drawer on BEL', async () => {
    const printer = await starPrinter();
    const client = await connectRaw(printer.port);
    await client.write([0x10, 0x04, 0x01, 0x1d, 0x61, 0x0f, 0x1b, 0x40, 0x1b, 0x1d, 0x61, 0x01, ...text('Star ticket\n'), 0x1b, 0x64, 0x02, 0x07]);
    await printer.waitForPrinted('Star ticket\n');
    expect(printer.state.drawerOpen).toBe(true);
    // The drawer opening is the only thing it said: an ESC/POS printer would have answered DLE EOT and GS a first.
    expect([...(await client.waitForBytes(11))]).toEqual(ethernetAsb(0x04));
    expect(printer.requests).toEqual([]);
  });

  it('when hung, reads ESC ACK SOH but never answers it, even after it recovers', async () => {
    const printer = await starPrinter();
    printer.set({ drawerOpen: true });
    printer.stopAnswering();
    const client = await connectRaw(printer.port);
    await client.write(ESC_ACK_SOH);
    await until(() => printer.requests.length === 1, 'the request to be read');
    printer.set({ drawerOpen: false });
    printer.resumeAnswering();
    await client.write(ESC_ACK_SOH);
    client.socket.end();
    // The block it sends by itself for the change it made while hung, then the answer to the request sent after
    // recovery; the request read while hung (drawer still open then) is never answered.
    expect([...(await client.closed)]).toEqual([...ethernetAsb(), ...ethernetAsb()]);
  });

  it('over USB answers ESC ACK SOH without the Ethernet Length field and sends nothing by itself', async () => {
    const printer = createUsbPrinterSimulator({ language: 'star', vendorId: 0x0519, productId: 0x0003 });
    running.push(printer);
    const { device } = printer;
    await device.open();
    await device.claimInterface(0);
    printer.set({ paper: 'near-end' });
    await device.transferOut(1, Uint8Array.from(ESC_ACK_SOH));
    const answer = await device.transferIn(2, 64);
    const data = answer.data ?? new DataView(new ArrayBuffer(0));
    expect([...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]).toEqual([0x23, 0x06, 0, 0, 0, 0x04, 0, 0, 0]);
    printer.set({ paper: 'out' });
    expect((await device.transferIn(2, 64)).data?.byteLength).toBe(0);
    await device.releaseInterface(0);
    await device.close();
  });
});
