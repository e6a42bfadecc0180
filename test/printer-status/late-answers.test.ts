import { afterEach, describe, expect, it } from 'vitest';
import { createUsbTransport } from '../../src/main/platform/usb/usb-transport';
import { PrinterMonitor, DEFAULT_MONITOR_TIMING } from '../../src/main/services/printer-status/printer-monitor';
import { FULL_STATUS_REQUEST } from '../../src/main/services/printer-status/escpos-status-commands';
import { SilentPrinterError, StatusConversation } from '../../src/main/services/printer-status/status-conversation';
import { createUsbPrinterSimulator, type PrinterSimulator } from '../support/printer-simulator';
import { scriptedSession } from '../support/scripted-session';

const simulators: PrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
});

describe('an answer that comes late is never taken for the next request’s', () => {
  it('a round left unanswered ends the conversation: its late bytes cannot answer the next round', async () => {
    const { session, answer } = scriptedSession();
    const conversation = new StatusConversation(session, 'test printer', () => undefined);
    await expect(conversation.readStatus(50)).rejects.toBeInstanceOf(SilentPrinterError);
    // The late answer of the first round says "paper out"; a second round on the same session must not read it.
    answer([0x12, 0x12, 0x12, 0x7e]);
    await expect(conversation.readStatus(50)).rejects.toBeInstanceOf(SilentPrinterError);
  });

  it('USB: answers an earlier program left in the printer’s IN buffer are drained before the monitor asks', async () => {
    const printer = createUsbPrinterSimulator();
    simulators.push(printer);
    // Someone asked while the paper was out and never read the answers.
    printer.set({ paper: 'out' });
    await printer.device.open();
    await printer.device.claimInterface(0);
    await printer.device.transferOut(1, FULL_STATUS_REQUEST);
    await printer.device.releaseInterface(0);
    await printer.device.close();
    printer.set({ paper: 'ok' });
    const transport = createUsbTransport(printer.uri, { vendorId: 0x04b8, productId: 0x0202 }, printer.backend, { platform: 'linux' });
    const monitor = new PrinterMonitor(printer.uri, transport as typeof transport & { open: NonNullable<typeof transport.open> }, DEFAULT_MONITOR_TIMING, true);
    const status = await monitor.poll();
    expect(status).toMatchObject({ link: 'answering', paper: 'ok', offline: false });
  });
});
