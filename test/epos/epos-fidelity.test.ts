import { describe, expect, it } from 'vitest';
import { boldSpans, lineSpelling } from '../support/bold-spans';
import { envelope, postEpos } from '../support/epos-client';
import { withDoorServices } from '../support/door-services';

/** Issue 33 follow-up: the ePOS door prints what the POS meant, through real HTTP on 127.0.0.1 to simulated printers. */
const { withPrinter: epsonService } = withDoorServices();

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
