import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ASB } from '../../src/main/services/epos/epos-protocol';
import { envelope, monoRaster, postEpos } from '../support/epos-client';
import { summarize } from '../support/escpos-summary';
import { startRealPrinter } from '../support/printer-simulator';
import { withDoorServices } from '../support/door-services';

/** Issue 33: the Epson ePOS-Print door, through real HTTP on 127.0.0.1 to simulated printers. */
const ALLOWED = 'http://tpv.example.test';
const { track, serviceFor, printer: epsonPrinter } = withDoorServices({ allowedOrigins: [ALLOWED] });

const picture = monoRaster(64, 32);
const grey = Buffer.alloc(16 * 8, 0xff).toString('base64'); // 32×8 dots, all level 15 (black)

/** Every element a receipt printer takes, as the SDK's builder writes them. */
const EVERY_ELEMENT = [
  '<text lang="es" smooth="true" font="font_a" align="center" em="true" width="2" height="2">CAFE LUNA&#10;</text>',
  '<text em="false" width="1" height="1" reverse="true" ul="true" color="color_1" linespc="30">Invertido&#10;</text>',
  '<text reverse="false" ul="false" align="left">Cafe con leche</text><text x="360">2,40&#10;</text>',
  '<feed line="2"/><feed unit="60"/>',
  `<image width="64" height="32" color="color_1" mode="mono" align="center">${picture.base64}</image>`,
  `<image width="32" height="8" mode="gray16">${grey}</image>`,
  '<barcode type="code128" hri="below" font="font_a" width="2" height="40">{B12345</barcode>',
  '<barcode type="ean13" hri="none" width="2" height="40">4006381333931</barcode>',
  '<symbol type="qrcode_model_2" level="level_m" width="4" height="0" size="0">https://cafe.example/r/42</symbol>',
  '<symbol type="pdf417_standard" level="level_2" width="3" height="3" size="0">PDF-42</symbol>',
  '<hline x1="0" x2="575" style="medium"/>',
  '<page><area x="0" y="0" width="576" height="200"/><direction dir="left_to_right"/><position x="24" y="40"/><text>En pagina&#10;</text></page>',
  '<layout type="receipt"/><vline-begin x="10"/><vline-end x="10"/>',
  '<command>1b6101</command><text>Crudo&#10;</text>',
  '<sound pattern="pattern_a" repeat="1" cycle="1000"/>',
  '<pulse drawer="drawer_1" time="pulse_100"/>',
  '<cut type="feed"/>',
].join('');

describe('the ePOS-Print door prints every element', () => {
  it('text, feeds, pictures, barcodes, QR, PDF417, rule, page, raw, sound, drawer and cut reach the printer decoded', { timeout: 20_000 }, async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const { http: status, answer } = await postEpos(running.httpUrl, envelope(EVERY_ELEMENT));
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: true, code: '' });
    expect((answer?.status ?? 0) & ASB.PRINT_SUCCESS).toBe(ASB.PRINT_SUCCESS);
    const printed = summarize(printer.printed());
    const text = printed.lines.join('\n');
    expect(text).toContain('CAFE LUNA');
    expect(text).toContain('Invertido');
    expect(printed.lines.some((line) => /^Cafe con leche {16}2,40$/.test(line))).toBe(true);
    // The page is drawn, not written: one picture as wide as the TM-T88VI's head (its 576-dot area narrowed to 512).
    expect(text).not.toContain('En pagina');
    expect(text).toContain('Crudo');
    expect(text).toMatch(/-{20,}/);
    expect(printed.qr).toEqual(['https://cafe.example/r/42']);
    expect(printed.pdf417).toEqual(['PDF-42']);
    // The mono picture as sent, dot for dot (centred: white dots to its left); the grey one dithered from full black.
    expect(printed.rasters.map(({ rows, black }) => ({ rows, black }))).toEqual([
      { rows: 32, black: picture.black },
      { rows: 8, black: 256 },
      { rows: 200, black: expect.any(Number) },
    ]);
    expect(printed.rasters[2]).toMatchObject({ width: 512 });
    expect(printed.rasters[2]?.black).toBeGreaterThan(100);
    expect(printed.rasters[0]?.width).toBeGreaterThan(64);
    expect(printed.barcodes.map((barcode) => barcode.data)).toEqual(['{B12345', '400638133393']);
    expect(printed.drawerKicks).toEqual([0]);
    expect(printed.cuts).toBe(1);
  });

  it('a logo Ticketera does not hold is a ParameterError, and nothing is queued', async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const { answer } = await postEpos(running.httpUrl, envelope('<text>Hola&#10;</text><logo key1="32" key2="32"/>'));
    expect(answer).toEqual({ success: false, code: 'ParameterError', status: 0 });
    expect(running.service.recentJobs()).toHaveLength(0);
  });
});

describe('device ids', () => {
  it('an unknown devid is DeviceNotFound; an id the owner gave a printer prints there', async () => {
    const main = await epsonPrinter();
    const kitchen = await epsonPrinter();
    const running = await serviceFor(main, { eposDevices: [{ id: 'cocina', printer: kitchen.uri }] });
    const unknown = await postEpos(running.httpUrl, envelope('<text>Hola&#10;</text>'), 'devid=bar&timeout=5000');
    expect(unknown.answer).toEqual({ success: false, code: 'DeviceNotFound', status: 0 });
    const named = await postEpos(running.httpUrl, envelope('<text>Para cocina&#10;</text>'), 'devid=cocina&timeout=5000');
    expect(named.answer?.success).toBe(true);
    expect(kitchen.printedText()).toContain('Para cocina');
    expect(main.printedText()).not.toContain('Para cocina');
  });
});

describe('printjobid', () => {
  it('a repeat of the same job never prints twice and gets the same answer', async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const body = envelope('<text>Pedido 7&#10;</text><cut/>', 'pedido-7');
    const first = await postEpos(running.httpUrl, body);
    const again = await postEpos(running.httpUrl, body);
    expect(first.answer?.success).toBe(true);
    expect(again.answer).toEqual(first.answer);
    expect(printer.printedText().split('Pedido 7')).toHaveLength(2);
  });
});

describe('hostile XML', () => {
  const wrongNamespace = '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><epos-print xmlns="http://example.com/not-epson"><text>X&#10;</text></epos-print></s:Body></s:Envelope>';
  const billionLaughs =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
    envelope('<text>&lol3;</text>').replace('<?xml version="1.0" encoding="utf-8"?>', '');
  const externalEntity = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>' + envelope('<text>&secret;</text>').replace('<?xml version="1.0" encoding="utf-8"?>', '');
  const deep = envelope(`${'<page>'.repeat(10_000)}<text>deep</text>${'</page>'.repeat(10_000)}`);

  it.each([
    ['the wrong namespace', wrongNamespace],
    ['billion laughs', billionLaughs],
    ['an external entity', externalEntity],
    ['10,000-deep nesting', deep],
    ['not XML at all', '{"tipo":"ticket"}'],
  ])('%s: SchemaError at once, nothing queued, and the service goes on printing', async (_name, body) => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const started = performance.now();
    const { answer } = await postEpos(running.httpUrl, body);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual({ success: false, code: 'SchemaError', status: 0 });
    expect(running.service.recentJobs()).toHaveLength(0);
    const after = await postEpos(running.httpUrl, envelope('<text>Sigue imprimiendo&#10;</text>'));
    expect(after.answer?.success).toBe(true);
    expect(printer.printedText()).not.toContain('lol');
    expect(printer.printedText()).not.toContain('root:');
  });

  it('a 100 MB body is cut early as it streams in: never read whole, nothing queued', { timeout: 20_000 }, async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    let sent = 0;
    const outcome = await new Promise<string>((resolve) => {
      const request = http.request(`${running.httpUrl}/cgi-bin/epos/service.cgi?devid=local_printer`, { method: 'POST', headers: { 'Content-Type': 'text/xml' } }, (response) => {
        let text = '';
        response.on('data', (part: Buffer) => (text += part.toString()));
        response.on('end', () => resolve(text));
        response.on('error', () => resolve('reset'));
      });
      request.on('error', () => resolve('reset'));
      request.write(envelope('<text>').slice(0, 200));
      const pump = (): void => {
        while (sent < 100 && request.write(chunk)) sent += 1;
        if (sent < 100) request.once('drain', () => ((sent += 1), pump()));
        else request.end();
      };
      pump();
    });
    if (outcome !== 'reset') expect(outcome).toContain('code="RequestEntityTooLarge"');
    expect(sent).toBeLessThan(60);
    expect(running.service.recentJobs()).toHaveLength(0);
    const after = await postEpos(running.httpUrl, envelope('<text>Sigue imprimiendo&#10;</text>'));
    expect(after.answer?.success).toBe(true);
  });
});

describe('out of paper', () => {
  it('the printer runs out mid-receipt: EPTR_REC_EMPTY with the paper-end bit, and nothing comes out later', { timeout: 30_000 }, async () => {
    const printer = await startRealPrinter('epson', { rollMm: 60 });
    track(printer);
    const running = await serviceFor(printer);
    const lines = Array.from({ length: 40 }, (_, index) => `Linea ${index + 1}&#10;`).join('');
    const { answer } = await postEpos(running.httpUrl, envelope(`<text>${lines}</text><text>FIN DEL TICKET&#10;</text><cut/>`), 'devid=local_printer&timeout=20000');
    expect(answer?.success).toBe(false);
    expect(answer?.code).toBe('EPTR_REC_EMPTY');
    expect((answer?.status ?? 0) & ASB.RECEIPT_END).toBe(ASB.RECEIPT_END);
    const next = await postEpos(running.httpUrl, envelope('<text>SIGUIENTE&#10;</text><cut/>'), 'devid=local_printer&timeout=20000');
    expect(next.answer?.code).toBe('EPTR_REC_EMPTY');
    printer.set({ paper: 'ok' });
    await new Promise((done) => setTimeout(done, 1_000));
    expect(printer.printedText()).not.toContain('FIN DEL TICKET');
    expect(printer.printedText()).not.toContain('SIGUIENTE');
  });
});

describe('browsers', () => {
  it('an allowed site gets CORS and the Private Network Access answer; a site not allowed prints nothing', async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer);
    const preflight = await fetch(`${running.httpUrl}/cgi-bin/epos/service.cgi?devid=local_printer`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,soapaction,if-modified-since', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('soapaction');
    const allowed = await postEpos(running.httpUrl, envelope('<text>Desde el TPV&#10;</text>'), undefined, { Origin: ALLOWED });
    expect(allowed.answer?.success).toBe(true);
    const stranger = await postEpos(running.httpUrl, envelope('<text>Desde otro sitio&#10;</text>'), undefined, { Origin: 'http://otro.example.test' });
    expect(stranger.http).toBe(403);
    await new Promise((done) => setTimeout(done, 300));
    expect(printer.printedText()).toContain('Desde el TPV');
    expect(printer.printedText()).not.toContain('Desde otro sitio');
  });

  it('with a token set, a request without Origin must carry it', async () => {
    const printer = await epsonPrinter();
    const running = await serviceFor(printer, { token: 'secreto-del-bar' });
    const without = await postEpos(running.httpUrl, envelope('<text>Sin token&#10;</text>'));
    expect(without.http).toBe(401);
    const basic = `Basic ${Buffer.from('pos:secreto-del-bar').toString('base64')}`;
    const withToken = await postEpos(running.httpUrl, envelope('<text>Con token&#10;</text>'), undefined, { Authorization: basic });
    expect(withToken.answer?.success).toBe(true);
    expect(printer.printedText()).not.toContain('Sin token');
  });
});
