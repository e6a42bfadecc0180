import { afterEach, describe, expect, it } from 'vitest';
import { boldSpans, lineSpelling } from '../support/bold-spans';
import { envelope, postEpos } from '../support/epos-client';
import { FAST_MONITOR_TIMING } from '../support/printer-status-harness';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { withServices, type TestService } from '../support/service-harness';

/** Issue 33 follow-up: the ePOS door prints what the POS meant, through real HTTP on 127.0.0.1 to simulated printers. */
const start = withServices();
const printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

async function epsonService(): Promise<{ printer: TcpPrinterSimulator; running: TestService }> {
  const printer = await startTcpPrinterSimulator({ answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' });
  printers.push(printer);
  const running = await start({ printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] }, { monitorTiming: FAST_MONITOR_TIMING });
  return { printer, running };
}

describe('mixed styles on one line', () => {
  it('a bold TOTAL then a plain amount print on one line, only TOTAL in bold', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const body = envelope('<text>Cafe con leche  2,40&#10;</text><text em="true">TOTAL</text><text em="false">   12,50&#10;</text><text>Gracias&#10;</text><cut/>');
    const { answer } = await postEpos(running.httpUrl, body);
    expect(answer?.success).toBe(true);
    const lines = boldSpans(printer.printed());
    expect(lineSpelling(lines, /^TOTAL/)).toEqual([
      ['TOTAL', true],
      ['   12,50', false],
    ]);
    expect(lineSpelling(lines, /^Gracias$/)).toEqual([['Gracias', false]]);
  });
});
