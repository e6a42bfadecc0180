import type { Page } from '@playwright/test';
import { summarize } from '../test/support/escpos-summary';
import { startRealPrinter } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, test } from './support/app-fixture';
import { doorPages, posTab, securePages } from './support/pos-page-door';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/**
 * Issue 33 in real Chromium: a POS page on another origin prints through the Star WebPRNT door, building its request
 * the way StarWebPrintBuilder writes elements (data escaped `\xNN`, a canvas picture as a 1-bit `<bitimage>`, MSB first)
 * and sending it the way StarWebPrintTrader does (`<root>` escaped into `<Request>` of `<StarWebPrint>`, posted by
 * XMLHttpRequest as text/xml: a preflight), the answer read as the trader reads it (the text of `<Response>`, its
 * success, code and status sliced out; `isPaperEnd` from the status's sixth byte). Our own page code.
 */
const POS_SCRIPT = `
const escapeData = (data) => {
  let out = '';
  for (const char of data) {
    const code = char.charCodeAt(0);
    if (char === '\\\\') out += '\\\\\\\\';
    else if (code <= 0x20 || code === 0x26 || code === 0x3c || code === 0x3e || code === 0x7f) out += '\\\\x' + code.toString(16).padStart(2, '0');
    else out += char;
  }
  return out;
};
const attributes = (values) => Object.entries(values).map(([name, value]) => ' ' + name + '="' + value + '"').join('');
const builder = {
  initialization: () => '<initialization/>',
  alignment: (position) => '<alignment position="' + position + '"/>',
  text: (values, data) => '<text' + attributes(values) + '>' + escapeData(data) + '</text>',
  bitimage(canvas) {
    const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const rowBytes = Math.ceil(width / 8);
    const bytes = new Uint8Array(rowBytes * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i] * 0.299 + data[i + 1] * 0.587 + data[i + 2] * 0.114 < 128) bytes[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
    let text = ''; for (const byte of bytes) text += String.fromCharCode(byte);
    return '<bitimage width="' + width + '" height="' + height + '">' + btoa(text) + '</bitimage>';
  },
  qrcode: (data) => '<qrcode model="model2" level="level_m" cell="6">' + escapeData(data) + '</qrcode>',
  feed: (line) => '<feed line="' + line + '"/>',
  peripheral: () => '<peripheral channel="1" on="200" off="200"/>',
  cutpaper: () => '<cutpaper feed="true" type="partial"/>',
};
function logo() {
  const canvas = document.createElement('canvas'); canvas.width = 128; canvas.height = 64;
  const g = canvas.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, 128, 64);
  g.fillStyle = '#000'; g.fillRect(32, 8, 64, 48);
  return canvas;
}
function cafeReceipt(lines = 0) {
  let request = builder.initialization() + builder.alignment('center') + builder.bitimage(logo()) +
    builder.text({ emphasis: 'true', width: 2, height: 2 }, 'CAFE LUNA\\n') + builder.text({ emphasis: 'false', width: 1, height: 1 }, 'Calle Mayor 5\\n') +
    builder.alignment('left') + builder.text({}, 'Cafe con leche      2.40\\n') + builder.text({}, 'Croissant           1.80\\n');
  for (let line = 1; line <= lines; line++) request += builder.text({}, 'Linea ' + line + '\\n');
  return request + builder.text({}, 'FIN DEL TICKET\\n') + builder.alignment('center') + builder.qrcode('https://cafe-luna.example/ticket/0042') +
    builder.feed(1) + builder.peripheral() + builder.cutpaper();
}
// StarWebPrintTrader.sendMessage: the request in <root>, escaped into <Request>; onReceive/onError from the answer.
function traderSend(url, request) {
  const root = '<root>' + request + '</root>';
  const body = '<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Request>' +
    root.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') + '</Request></StarWebPrint>';
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url, true);
    xhr.setRequestHeader('Content-Type', 'text/xml; charset=UTF-8');
    xhr.timeout = 90000;
    xhr.onreadystatechange = () => {
      if (xhr.readyState !== 4) return;
      if (xhr.status !== 200) return resolve({ error: xhr.status });
      const text = xhr.responseXML.getElementsByTagName('Response')[0].textContent;
      const between = (open, close) => text.slice(text.indexOf(open) + open.length, text.indexOf(close));
      const traderStatus = between('<status>', '</status>');
      resolve({
        traderSuccess: between('<success>', '</success>'),
        traderCode: between('<code>', '</code>'),
        traderStatus,
        isPaperEnd: (parseInt(traderStatus.substr(10, 2), 16) & 0x08) !== 0,
        isOffLine: (parseInt(traderStatus.substr(4, 2), 16) & 0x08) !== 0,
      });
    };
    xhr.send(body);
  });
}
window.printCafeReceipt = (url, lines) => traderSend(url, cafeReceipt(lines));
window.printLine = (url, text) => traderSend(url, builder.text({}, text + '\\n'));
`;

interface TraderAnswer {
  traderSuccess?: string;
  traderCode?: string;
  traderStatus?: string;
  isPaperEnd?: boolean;
  isOffLine?: boolean;
  error?: unknown;
}

interface PosWindow {
  printCafeReceipt(url: string, lines?: number): Promise<TraderAnswer>;
  printLine(url: string, text: string): Promise<TraderAnswer>;
}

const printCafeReceipt = (tab: Page, url: string, lines = 0): Promise<TraderAnswer> =>
  tab.evaluate(([address, count]) => (window as unknown as PosWindow).printCafeReceipt(address, count), [url, lines] as const);
const printLine = (tab: Page, url: string, text: string): Promise<TraderAnswer> =>
  tab.evaluate(([address, line]) => (window as unknown as PosWindow).printLine(address, line), [url, text] as const);

const { setUp, printer: newPrinter } = doorPages(POS_SCRIPT);

test('a WebPRNT POS page on an allowed site prints a café receipt with a picture, a QR code and a drawer kick', async ({ browser, built }) => {
  expect(built).toBe(true);
  const { printer, pos, app } = await setUp({ allowed: (page) => [page.origin] });
  const tab = await posTab(browser, pos.origin);
  const answer = await printCafeReceipt(tab, `${app.url}StarWebPRNT/SendMessage`);
  expect(answer).toMatchObject({ traderSuccess: 'true', traderCode: '0', isPaperEnd: false, isOffLine: false });

  const printed = summarize(printer.printed());
  const text = printed.lines.join('\n');
  expect(text).toContain('CAFE LUNA');
  expect(printed.lines.some((line) => /Cafe con leche\s+2\.40/.test(line))).toBe(true);
  expect(text).toContain('FIN DEL TICKET');
  // The canvas's 64×48 black block, dot for dot.
  expect(printed.rasters.map(({ rows, black }) => ({ rows, black }))).toEqual([{ rows: 64, black: 64 * 48 }]);
  expect(printed.qr).toEqual(['https://cafe-luna.example/ticket/0042']);
  expect(printed.drawerKicks).toEqual([0]);
  expect(printed.cuts).toBe(1);
  await tab.context().close();
});

test('out of paper: the trader reads the paper-empty bit and TraderSuccess false, and nothing prints later', async ({ browser, built }) => {
  expect(built).toBe(true);
  const roll = await startRealPrinter('epson', { rollMm: 60 });
  const { printer, pos, app } = await setUp({ allowed: (page) => [page.origin], printer: roll });
  const tab = await posTab(browser, pos.origin);
  const url = `${app.url}StarWebPRNT/SendMessage`;
  const answer = await printCafeReceipt(tab, url, 40);
  expect(answer).toMatchObject({ traderSuccess: 'false', isPaperEnd: true });
  const next = await printLine(tab, url, 'SIGUIENTE');
  expect(next).toMatchObject({ traderSuccess: 'false', isPaperEnd: true });
  printer.set({ paper: 'ok' });
  await tab.waitForTimeout(1_000);
  expect(printer.printedText()).not.toContain('FIN DEL TICKET');
  expect(printer.printedText()).not.toContain('SIGUIENTE');
  await tab.context().close();
});

test('a WebPRNT page from a site not allowed gets nothing printed', async ({ browser, built }) => {
  expect(built).toBe(true);
  const { printer, pos, app } = await setUp({ allowed: () => [] });
  const tab = await posTab(browser, pos.origin);
  const answer = await printCafeReceipt(tab, `${app.url}StarWebPRNT/SendMessage`);
  expect(answer.error).toBeDefined();
  expect(answer.traderSuccess).toBeUndefined();
  await tab.waitForTimeout(500);
  expect(printer.printed().length).toBe(0);
  await tab.context().close();
});

test('an https WebPRNT page prints through the TLS port', async ({ browser, built }) => {
  expect(built).toBe(true);
  const secure = await securePages();
  const { port } = secure.tls;
  const { printer, pos } = await setUp({ allowed: (page) => [page.origin], secure });
  const tab = await posTab(browser, pos.origin, true);
  const url = `https://127.0.0.1:${port}/StarWebPRNT/SendMessage`;
  await expect.poll(() => printCafeReceipt(tab, url).then((answer) => answer.traderSuccess), { timeout: 10_000 }).toBe('true');
  expect(summarize(printer.printed()).qr).toContain('https://cafe-luna.example/ticket/0042');
  await tab.context().close();
});

test('the Printers page shows the WebPRNT address to type, and one POS id serves Epson and Star apps', async ({ page, browser, built }) => {
  expect(built).toBe(true);
  const kitchen = await newPrinter();
  const { printer, pos, app } = await setUp({ allowed: (page) => [page.origin] });
  const port = new URL(app.url).port;
  for (const language of WINDOW_LANGUAGES) {
    await app.host.handlers.updateSettings({ settings: { language } });
    await page.goto(app.url);
    await page.getByRole('tab', { name: language === 'es' ? 'Impresoras' : 'Printers' }).click();
    const card = page.getByTestId('epos-devices');
    await expect(card).toContainText(language === 'es' ? 'Epson o Star' : 'Epson or Star');
    await expect(card.getByTestId('webprnt-address').first()).toHaveText(`http://127.0.0.1:${port}/StarWebPRNT/SendMessage`);
    for (const size of WINDOW_SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page, 'main')).toEqual([]);
    }
  }
  // The id given in the window routes a Star app's requests too.
  await app.host.handlers.updateSettings({ settings: { language: 'es', eposDevices: [{ id: 'cocina', printer: kitchen.uri }] } });
  // A new POS id restarts the service with it (as other config changes do): the Star app posts once it is back.
  await app.host.settled();
  const tab = await posTab(browser, pos.origin);
  const answer = await printLine(tab, `${app.url}cocina/StarWebPRNT/SendMessage`, 'Para cocina');
  expect(answer.traderSuccess).toBe('true');
  expect(kitchen.printedText()).toContain('Para cocina');
  expect(printer.printedText()).not.toContain('Para cocina');
  await tab.context().close();
});
