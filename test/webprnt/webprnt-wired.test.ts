import { describe, expect, it } from 'vitest';
import { summarize } from '../support/escpos-summary';
import { startRealPrinter } from '../support/printer-simulator';
import { withDoorServices } from '../support/door-services';
import { CUP, QR_DATA, cafeReceiptRequest } from './cafe-receipt';
import { build, trader, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/** Issue 33: the Star WebPRNT door wired into the service, through real HTTP on 127.0.0.1 to simulated printers. */
const ALLOWED = 'http://tpv.example.test';
const { track, serviceFor, printer: escPosPrinter } = withDoorServices({ allowedOrigins: [ALLOWED] });

interface Sent {
  http: number;
  answer: TraderResponse | undefined;
}

async function send(base: string, request: string, options: { path?: string; headers?: Record<string, string>; checkedblock?: boolean } = {}): Promise<Sent> {
  const response = await fetch(`${base}${options.path ?? '/StarWebPRNT/SendMessage'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=UTF-8', ...options.headers },
    body: traderBody(request, options.checkedblock === undefined ? {} : { checkedblock: options.checkedblock }),
  });
  const text = await response.text();
  return { http: response.status, answer: response.status === 200 ? traderReceive(text) : undefined };
}

describe('the WebPRNT door in the service', () => {
  it('prints a café receipt on the default printer: picture, text, QR code, drawer kick and cut, answered TraderSuccess true', { timeout: 20_000 }, async () => {
    const printer = await escPosPrinter();
    const running = await serviceFor(printer);
    const { http, answer } = await send(running.httpUrl, cafeReceiptRequest());
    expect(http).toBe(200);
    expect(answer).toMatchObject({ traderSuccess: 'true', traderCode: '0' });
    const printed = summarize(printer.printed());
    expect(printed.lines.join('\n')).toContain('CAFE LUNA');
    expect(printed.lines.some((line) => /Cafe con leche\s+2\.40/.test(line))).toBe(true);
    expect(printed.qr).toEqual([QR_DATA]);
    expect(printed.rasters[0]?.rows).toBe(CUP.height);
    expect(printed.drawerKicks).toEqual([0]);
    expect(printed.cuts).toBe(1);
    const job = running.service.recentJobs()[0];
    expect(job?.id.startsWith('webprnt:')).toBe(true);
  });

  it('a POS id in the path prints on that printer; an unknown one prints nowhere', async () => {
    const main = await escPosPrinter();
    const kitchen = await escPosPrinter();
    const running = await serviceFor(main, { eposDevices: [{ id: 'cocina', printer: kitchen.uri }] });
    const named = await send(running.httpUrl, build.text({}, 'Para cocina\n'), { path: '/cocina/StarWebPRNT/SendMessage' });
    expect(named.answer?.traderSuccess).toBe('true');
    const unknown = await send(running.httpUrl, build.text({}, 'Para la barra\n'), { path: '/barra/StarWebPRNT/SendMessage' });
    expect(unknown.answer?.traderSuccess).toBe('false');
    await new Promise((done) => setTimeout(done, 300));
    expect(kitchen.printedText()).toContain('Para cocina');
    expect(main.printedText()).not.toContain('Para cocina');
    expect(main.printedText() + kitchen.printedText()).not.toContain('Para la barra');
  });

  it('Star commands in rawdata never reach an ESC/POS printer: TraderSuccess false, nothing printed', async () => {
    const printer = await escPosPrinter();
    const running = await serviceFor(printer);
    const starCut = Uint8Array.from([0x1b, 0x64, 0x02]);
    const { answer } = await send(running.httpUrl, build.text({}, 'Antes del crudo\n') + build.rawdata(starCut));
    expect(answer?.traderSuccess).toBe('false');
    await new Promise((done) => setTimeout(done, 300));
    expect(printer.printedText()).not.toContain('Antes del crudo');
    expect(running.service.recentJobs()).toHaveLength(0);
  });

  it('a repeat with the same printjobid never prints twice', async () => {
    const printer = await escPosPrinter();
    const running = await serviceFor(printer);
    const path = '/StarWebPRNT/SendMessage?printjobid=pedido-9';
    const first = await send(running.httpUrl, build.text({}, 'Pedido 9\n'), { path });
    const again = await send(running.httpUrl, build.text({}, 'Pedido 9\n'), { path });
    expect(first.answer?.traderSuccess).toBe('true');
    expect(again.answer).toEqual(first.answer);
    expect(printer.printedText().split('Pedido 9')).toHaveLength(2);
  });

  it('out of paper: the paper-empty bit and TraderSuccess false, and nothing comes out later', { timeout: 30_000 }, async () => {
    const printer = await startRealPrinter('epson', { rollMm: 60 });
    track(printer);
    const running = await serviceFor(printer);
    const lines = Array.from({ length: 40 }, (_, index) => build.text({}, `Linea ${index + 1}\n`)).join('');
    const { answer } = await send(running.httpUrl, `${lines}${build.text({}, 'FIN DEL TICKET\n')}${build.cutpaper({ type: 'partial' })}`);
    expect(answer?.traderSuccess).toBe('false');
    expect(answer && trader.isPaperEnd(answer)).toBe(true);
    const next = await send(running.httpUrl, build.text({}, 'SIGUIENTE\n'));
    expect(next.answer?.traderSuccess).toBe('false');
    expect(next.answer && trader.isPaperEnd(next.answer)).toBe(true);
    printer.set({ paper: 'ok' });
    await new Promise((done) => setTimeout(done, 1_000));
    expect(printer.printedText()).not.toContain('FIN DEL TICKET');
    expect(printer.printedText()).not.toContain('SIGUIENTE');
  });
});

describe('browsers and trust', () => {
  it('an allowed site gets CORS and the Private Network Access answer; a site not allowed prints nothing', async () => {
    const printer = await escPosPrinter();
    const running = await serviceFor(printer);
    const preflight = await fetch(`${running.httpUrl}/StarWebPRNT/SendMessage`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    const allowed = await send(running.httpUrl, build.text({}, 'Desde el TPV\n'), { headers: { Origin: ALLOWED } });
    expect(allowed.answer?.traderSuccess).toBe('true');
    const stranger = await send(running.httpUrl, build.text({}, 'Desde otro sitio\n'), { headers: { Origin: 'http://otro.example.test' } });
    expect(stranger.http).toBe(403);
    await new Promise((done) => setTimeout(done, 300));
    expect(printer.printedText()).toContain('Desde el TPV');
    expect(printer.printedText()).not.toContain('Desde otro sitio');
  });

  it('with a token set, a request without Origin must carry it', async () => {
    const printer = await escPosPrinter();
    const running = await serviceFor(printer, { token: 'secreto-del-bar' });
    const without = await send(running.httpUrl, build.text({}, 'Sin token\n'));
    expect(without.http).toBe(401);
    const withToken = await send(running.httpUrl, build.text({}, 'Con token\n'), { headers: { Authorization: `Basic ${Buffer.from('pos:secreto-del-bar').toString('base64')}` } });
    expect(withToken.answer?.traderSuccess).toBe('true');
    expect(printer.printedText()).not.toContain('Sin token');
  });
});
