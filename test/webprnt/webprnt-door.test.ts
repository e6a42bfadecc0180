import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';
import { CUP, QR_DATA } from './cafe-receipt';
import { readReceipt } from './receipt-bytes';
import { build, trader, traderBody, traderReceive } from './star-web-print';
import { post, startDoor, type DoorUnderTest } from './webprnt-server';

const FIXTURE = readFileSync(new URL('../fixtures/webprnt/cafe-receipt-request.xml', import.meta.url), 'utf8');
const SEND = '/StarWebPRNT/SendMessage';
const ORIGIN = 'http://pos.example';

const liveStatus = (change: Partial<PrinterLiveStatus>): PrinterLiveStatus => ({
  uri: 'tcp://127.0.0.1:9100',
  link: 'answering',
  offline: false,
  coverOpen: false,
  paper: 'ok',
  drawerOpen: false,
  faults: [],
  unknownBits: [],
  answeredAt: Date.now(),
  confirmsOnPaper: true,
  ...change,
});

let door: DoorUnderTest;
beforeEach(async () => {
  door = await startDoor();
});
afterEach(() => door.close());

describe('the Star WebPRNT door', () => {
  it("prints a café receipt sent as StarWebPrintTrader sends it: text, picture, QR code, drawer kick and cut come out of the printer's bytes", async () => {
    const answer = await post(door.url + SEND, FIXTURE, { origin: ORIGIN });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    expect(answer.headers['access-control-allow-origin']).toBe(ORIGIN);
    const response = traderReceive(answer.text);
    expect(response).toMatchObject({ traderSuccess: 'true', traderCode: '0' });
    expect(trader.isOffLine(response!)).toBe(false);
    expect(trader.isPaperEnd(response!)).toBe(false);

    expect(door.printed).toHaveLength(1);
    const [job] = door.printed;
    expect(job).toMatchObject({ printer: 'default', caller: { kind: 'site', origin: ORIGIN } });
    const receipt = readReceipt(encodeDocument(job!.document, { safeMode: true }));
    expect(receipt.text).toContain('CAFE LUNA');
    expect(receipt.text).toContain('Calle Mayor 5');
    expect(receipt.text).toContain('Cafe con leche      2.40');
    // "TOTAL" and its amount were two text elements without a line end between them: still one printed line.
    expect(receipt.text).toContain('TOTAL               4.20');
    expect(receipt.text).toContain('Gracias');
    expect(receipt.qrCodes).toEqual([QR_DATA]);
    expect(receipt.drawerPulses).toEqual([2]);
    expect(receipt.cuts).toBe(1);
    // The picture's dots come out as sent: find the cup's rows inside the (centred) raster.
    const dots = receipt.rasters.flatMap((raster) => raster.rows);
    expect(dots).toHaveLength(CUP.height);
    const offset = dots[21]!.indexOf(1) - 8;
    for (let y = 0; y < CUP.height; y++) {
      for (let x = 0; x < CUP.width; x++) expect(dots[y]![offset + x], `dot ${x},${y}`).toBe(CUP.black(x, y) ? 1 : 0);
    }
  });

  it('interprets every element StarWebPrintBuilder writes into the document', async () => {
    const logo = { image: 'iVBORw0KGgo=', dither: 'threshold' as const };
    await door.close();
    door = await startDoor({ logo: (number) => (number === 3 ? logo : undefined) });
    const request = [
      build.text({ font: 'font_b', underline: 'true', invert: 'true', width: 3, height: 4 }, 'Big\tB\n'),
      build.initialization(),
      build.alignment('right'),
      build.text({}, 'right\\side\n'),
      build.feed({ line: 3 }),
      build.feed({ unit: 60 }),
      build.barcode({ symbology: 'JAN13', width: 'width3', hri: 'false', height: 50 }, '4901234567894'),
      build.barcode({ symbology: 'Code93', width: 'width_mode5' }, 'ABC-1'),
      build.qrcode({ level: 'level_h', cell: 4 }, 'Ñandú & <co>'),
      build.pdf417({ level: 'level7', module: 3 }, 'PDF DATA'),
      build.logo({ number: 3 }),
      build.ruledline({ thickness: 'double_thick', width: 500 }),
      build.cutpaper({ feed: 'false' }),
      build.peripheral({ channel: 2 }),
      build.sound({ channel: 1, repeat: 15 }),
      build.rawdata(Uint8Array.of(0x1b, 0x45, 0x01)),
      '<pagemode>' + build.text({}, 'in page\n') + '</pagemode>',
      build.text({}, 'esc\x1b\x45\x00'),
    ].join('');
    const answer = traderReceive((await post(door.url + SEND, traderBody(request))).text);
    expect(answer?.traderSuccess).toBe('true');
    expect(door.printed[0]?.document.commands).toEqual([
      { type: 'text', data: { text: 'Big     B', align: 'left', underline: 1, invert: true, font: 'b', size: { width: 3, height: 4 } } },
      { type: 'text', data: { text: 'right\\side', align: 'right' } },
      { type: 'feed', data: { lines: 3 } },
      { type: 'feed', data: { lines: 2 } },
      { type: 'barcode', data: { data: '4901234567894', symbology: 'EAN13', align: 'right', hri: 'none', width: 3, height: 50 } },
      { type: 'barcode', data: { data: 'ABC-1', symbology: 'CODE128', align: 'right', hri: 'below', width: 3 } },
      { type: 'qr', data: { data: 'Ñandú & <co>', align: 'right', error_correction: 'H', size: 4 } },
      { type: 'qr', data: { data: 'PDF DATA', align: 'right', error_correction: 'H', size: 3 } },
      { type: 'image', data: { ...logo, align: 'right' } },
      { type: 'line', data: { char: '=', bold: true } },
      { type: 'cut', data: { partial: false, feed: 0 } },
      { type: 'drawer', data: { pin: 5 } },
      { type: 'beep', data: { times: 9 } },
      { type: 'raw', data: { base64: Buffer.from([0x1b, 0x45, 0x01]).toString('base64'), language: 'star' } },
      // Page mode is drawn: one picture as wide as the head (576 dots without a printer model), as tall as its text.
      { type: 'image', data: { image: expect.any(String), align: 'left', dither: 'threshold', width: 576 } },
      { type: 'raw', data: { base64: Buffer.from('esc\x1b\x45\x00', 'latin1').toString('base64'), language: 'star' } },
    ]);
  });

  it('sends raw data through the raw command as Star commands: refused on ESC/POS printers, checked by the Star allow-list on Star ones', async () => {
    // ESC GS # W: writes a Star printer's memory switches.
    await post(door.url + SEND, traderBody(build.rawdata(Uint8Array.of(0x1b, 0x1d, 0x23, 0x57, 0x30, 0x30, 0x30, 0x30, 0x30, 0x0a, 0x00))));
    const document = door.printed[0]!.document;
    expect(() => encodeDocument(document, { safeMode: true })).toThrow(/^RAW: .*Star commands .* prints ESC\/POS/);
    expect(() => encodeDocument({ ...document, profile: { model: 'star-tsp650' } }, { safeMode: true })).toThrow(/^RAW: .*safe mode refuses ESC GS # .*memory switches/);
  });

  it('answers a printer out of paper with TraderSuccess false, code 1100 and the paper-end bit', async () => {
    door.outcomes.push({ kind: 'refused', blocker: 'paper-out', status: liveStatus({ paper: 'out', offline: true }) });
    const response = traderReceive((await post(door.url + SEND, FIXTURE)).text)!;
    expect(response).toMatchObject({ traderSuccess: 'false', traderCode: '1100' });
    expect(trader.isPaperEnd(response)).toBe(true);
    expect(trader.isOffLine(response)).toBe(true);
    expect(trader.isCoverOpen(response)).toBe(false);
  });

  it('reads paper end from the blocker alone when the printer sits behind a spooler, and near end, cover and drawer from a live status', async () => {
    door.outcomes.push({ kind: 'refused', blocker: 'paper-out' }, { kind: 'printed', status: liveStatus({ paper: 'near-end', drawerOpen: true }) }, { kind: 'refused', blocker: 'cover-open', status: liveStatus({ coverOpen: true, faults: ['cutter'] }) });
    const spooler = traderReceive((await post(door.url + SEND, FIXTURE)).text)!;
    expect(trader.isPaperEnd(spooler)).toBe(true);
    const nearEnd = traderReceive((await post(door.url + SEND, FIXTURE)).text)!;
    expect(nearEnd.traderSuccess).toBe('true');
    expect([trader.isPaperNearEnd(nearEnd), trader.isPaperEnd(nearEnd), trader.isCompulsionSwitchClose(nearEnd), trader.isOffLine(nearEnd)]).toEqual([true, false, true, false]);
    const cover = traderReceive((await post(door.url + SEND, FIXTURE)).text)!;
    expect([trader.isCoverOpen(cover), trader.isAutoCutterError(cover), trader.isOffLine(cover)]).toEqual([true, true, true]);
    expect(cover.traderStatus).toHaveLength(22);
  });

  it('with checkedblock="false" too, a job held by the paper end is a failure with the paper-end bit, never "printed"', async () => {
    door.outcomes.push({ kind: 'held', blocker: 'paper-out' });
    const response = traderReceive((await post(door.url + SEND, traderBody(build.text({}, 'later\n'), { checkedblock: false }))).text)!;
    expect(response).toMatchObject({ traderSuccess: 'false', traderCode: '1100' });
    expect(trader.isPaperEnd(response)).toBe(true);
  });

  it('says busy (2001, send again) when the queue is full', async () => {
    door.outcomes.push({ kind: 'busy' });
    expect(traderReceive((await post(door.url + SEND, FIXTURE)).text)).toMatchObject({ traderSuccess: 'false', traderCode: '2001' });
  });

  it('prints on the printer the POS id in the path names', async () => {
    await post(`${door.url}/cocina${SEND}`, FIXTURE);
    await post(`${door.url}/starwebprnt/sendmessage`, FIXTURE);
    expect(door.printed.map((job) => job.printer)).toEqual(['cocina', 'default']);
  });

  it('leaves preflights to the browser gate, prints nothing for a site not allowed, and leaves other paths to other routes', async () => {
    const preflight = await post(door.url + SEND, '', { method: 'OPTIONS', origin: ORIGIN });
    expect(preflight.status).toBe(204);
    expect(door.preflights).toBe(1);
    const stranger = await post(door.url + SEND, FIXTURE, { origin: 'http://evil.example' });
    expect(stranger.status).toBe(403);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect((await post(door.url + SEND, '', { method: 'GET' })).status).toBe(405);
    expect((await post(door.url + '/cgi-bin/epos/service.cgi', FIXTURE)).text).toBe('other route');
    expect(door.printed).toHaveLength(0);
  });

  it('refuses what it cannot print as sent (unknown element, missing logo, UPC-E, bad attribute) with TraderSuccess false and prints nothing', async () => {
    for (const request of ['<blink/>', build.logo({ number: 1 }), build.barcode({ symbology: 'UPCE' }, '012345'), build.feed({ line: 999 })]) {
      expect(traderReceive((await post(door.url + SEND, traderBody(request))).text)).toMatchObject({ traderSuccess: 'false', traderCode: '1000' });
    }
    expect(door.printed).toHaveLength(0);
  });
});
