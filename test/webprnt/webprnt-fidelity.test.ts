import { afterEach, describe, expect, it } from 'vitest';
import { boldSpans, lineSpelling } from '../support/bold-spans';
import { FAST_MONITOR_TIMING } from '../support/printer-status-harness';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { withServices, type TestService } from '../support/service-harness';
import { build, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/** Issue 33 follow-up: the WebPRNT door prints what the POS meant, through real HTTP on 127.0.0.1 to simulated printers. */
const start = withServices();
const printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

async function serviceWith(model: string): Promise<{ printer: TcpPrinterSimulator; running: TestService }> {
  const printer = await startTcpPrinterSimulator({ answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' });
  printers.push(printer);
  const running = await start({ printer: printer.uri, printerProfiles: [{ printer: printer.uri, model }] }, { monitorTiming: FAST_MONITOR_TIMING });
  return { printer, running };
}

async function sendWebPrnt(base: string, request: string): Promise<TraderResponse | undefined> {
  const response = await fetch(`${base}/StarWebPRNT/SendMessage`, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=UTF-8' }, body: traderBody(request) });
  return traderReceive(await response.text());
}

describe('mixed styles on one line', () => {
  it('a bold TOTAL then a plain amount print on one line, only TOTAL in bold', { timeout: 20_000 }, async () => {
    const { printer, running } = await serviceWith('epson-tm-t88vi');
    const request = [
      build.text({}, 'Cafe con leche  2.40\n'),
      build.text({ emphasis: 'true' }, 'TOTAL'),
      build.text({ emphasis: 'false' }, '   12.50\n'),
      build.text({}, 'Gracias\n'),
      build.cutpaper({ type: 'partial' }),
    ].join('');
    const answer = await sendWebPrnt(running.httpUrl, request);
    expect(answer?.traderSuccess).toBe('true');
    const lines = boldSpans(printer.printed());
    expect(lineSpelling(lines, /^TOTAL/)).toEqual([
      ['TOTAL', true],
      ['   12.50', false],
    ]);
    expect(lineSpelling(lines, /^Gracias$/)).toEqual([['Gracias', false]]);
  });
});
