import { describe, expect, it } from 'vitest';
import { summarize } from '../support/escpos-summary';
import { printedPicture } from '../support/printed-picture';
import { withDoorServices } from '../support/door-services';
import { build, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/** Issue 33 follow-up: WebPRNT `<pagemode>` prints as laid out, through real HTTP on 127.0.0.1 to a simulated printer. */
const { withPrinter: service } = withDoorServices();

async function send(base: string, request: string): Promise<TraderResponse | undefined> {
  const response = await fetch(`${base}/StarWebPRNT/SendMessage`, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=UTF-8' }, body: traderBody(request) });
  return traderReceive(await response.text());
}

const pagemode = (attributes: string, content: string): string => `<pagemode ${attributes}>${content}</pagemode>`;
const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number): boolean => x >= x0 && x < x1 && y >= y0 && y < y1;

describe('WebPRNT page mode', () => {
  it('a text at the page\'s print position and a ruled line under it print there, and nothing else', { timeout: 20_000 }, async () => {
    const { printer, running } = await service();
    const request = pagemode('width="300" height="100" x="50" y="40"', build.text({ emphasis: 'true' }, 'HOLA') + build.ruledline({ thickness: 'thin', width: 100 })) + build.cutpaper({ type: 'partial' });
    expect((await send(running.httpUrl, request))?.traderSuccess).toBe('true');
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect(picture.height).toBe(100);
    // Four bold 12×24 characters standing on y = 40 from x = 50, then a 2-dot rule from where they end.
    expect(picture.inkIn(50, 16, 99, 40)).toBeGreaterThan(150);
    for (let x = 98; x < 198; x += 5) expect(picture.dark(x, 40), `rule at x ${x}`).toBe(true);
    expect(picture.strayDots((x, y) => inBox(x, y, 50, 16, 99, 40) || inBox(x, y, 98, 40, 200, 42))).toBe(0);
    expect(summarize(printer.printed()).lines.join('')).not.toContain('HOLA');
  });

  it('text drawn bottom_to_top lands turned at the page\'s lower left', { timeout: 20_000 }, async () => {
    const { printer, running } = await service();
    const request = pagemode('width="200" height="300" direction="bottom_to_top" x="10" y="30"', build.text({}, 'AB'));
    expect((await send(running.httpUrl, request))?.traderSuccess).toBe('true');
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 200, height: 300 });
    expect(picture.inkIn(6, 265, 31, 290)).toBeGreaterThan(60);
    expect(picture.strayDots((x, y) => inBox(x, y, 6, 265, 31, 290))).toBe(0);
  });

  it('a page taller than the paper allows answers TraderSuccess false and nothing prints', { timeout: 20_000 }, async () => {
    const { printer, running } = await service();
    const request = build.text({}, 'ANTES\n') + pagemode('width="300" height="5000"', build.text({}, 'HOLA')) + build.cutpaper({ type: 'partial' });
    expect((await send(running.httpUrl, request))?.traderSuccess).toBe('false');
    const printed = summarize(printer.printed());
    expect(printed.lines.join('')).not.toMatch(/ANTES|HOLA/);
    expect(printed.rasters).toEqual([]);
    expect(printed.cuts).toBe(0);
  });
});
