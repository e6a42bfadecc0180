import { describe, expect, it } from 'vitest';
import { boldSpans, lineSpelling } from '../support/bold-spans';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { withDoorServices } from '../support/door-services';
import type { TestService } from '../support/service-harness';
import { build, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/** Issue 33 follow-up: the WebPRNT door prints what the POS meant, through real HTTP on 127.0.0.1 to simulated printers. */
const { track, serviceFor, withPrinter } = withDoorServices();
const serviceWith = (model: string) => withPrinter({ model });

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

describe('rawdata on a Star printer', () => {
  async function starService(): Promise<{ printer: TcpPrinterSimulator; running: TestService }> {
    const printer = track(await startRealPrinter('star'));
    return { printer, running: await serviceFor(printer, { model: 'star-tsp650' }) };
  }
  const contains = (haystack: Uint8Array, needle: Uint8Array): boolean => Buffer.from(haystack).includes(Buffer.from(needle));

  it('printing, cut, drawer and buzzer commands reach the printer as sent, after the text before them', { timeout: 20_000 }, async () => {
    const { printer, running } = await starService();
    // ESC E (bold) "CRUDO" ESC F LF, ESC GS a 1 (centre), BEL (drawer 1), ESC GS EM DC2 1 1 0 (buzzer), ESC d 3 (partial cut).
    const raw = Uint8Array.from([0x1b, 0x45, ...Buffer.from('CRUDO'), 0x1b, 0x46, 0x0a, 0x1b, 0x1d, 0x61, 0x01, 0x07, 0x1b, 0x1d, 0x19, 0x12, 0x31, 0x01, 0x00, 0x1b, 0x64, 0x03]);
    const answer = await sendWebPrnt(running.httpUrl, build.text({}, 'Antes del crudo\n') + build.rawdata(raw));
    expect(answer?.traderSuccess).toBe('true');
    // The answer comes when the printer took the bytes; its mechanism prints them a moment later.
    await printer.waitForPrinted('CRUDO');
    await new Promise((done) => setTimeout(done, 500));
    const printed = printer.printed();
    expect(contains(printed, raw)).toBe(true);
    expect(Buffer.from(printed).indexOf('Antes del crudo')).toBeLessThan(Buffer.from(printed).indexOf(Buffer.from(raw)));
  });

  it.each([
    ['a memory switch write', [0x1b, 0x1d, 0x23, 0x57, 0x30, 0x30, 0x30, 0x30, 0x30, 0x0a, 0x00], "ESC GS # at byte 0 (1B 1D 23): it writes the printer's memory switches"],
    ['a non-volatile logo definition', [0x1b, 0x1c, 0x71, 0x01, 0x01, 0x00, 0x01, 0x00, 0xff], 'non-volatile memory'],
    ['initialising all memory switches', [0x1b, 0x23, 0x40, 0x0a, 0x00], "ESC # at byte 0 (1B 23 40): it writes the printer's memory switches"],
    ['a command Ticketera does not know', [0x1b, 0x1d, 0x03, 0x04, 0x00, 0x00], 'it is not a command safe mode knows'],
  ])('%s is refused: TraderSuccess false, nothing printed, the reason in Jobs', { timeout: 20_000 }, async (_name, bytes, reason) => {
    const { printer, running } = await starService();
    const answer = await sendWebPrnt(running.httpUrl, build.text({}, 'Antes del crudo\n') + build.rawdata(Uint8Array.from(bytes)));
    expect(answer).toMatchObject({ traderSuccess: 'false', traderCode: '1000' });
    await new Promise((done) => setTimeout(done, 300));
    expect(printer.printedText()).not.toContain('Antes del crudo');
    expect(contains(printer.printed(), Uint8Array.from(bytes))).toBe(false);
    expect(running.service.recentJobs()[0]?.resultText).toContain(reason);
  });
});
