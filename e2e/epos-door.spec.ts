import { summarize } from '../test/support/escpos-summary';
import { seriousViolations } from './support/accessibility';
import { expect, test } from './support/app-fixture';
import { doorPages, posTab, securePages } from './support/pos-page-door';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/**
 * Issue 33 in real Chromium: a POS page on another origin prints through the ePOS-Print door, building its requests
 * as Odoo's POS builds them (its receipt drawn on a canvas, sent as one 1-bit `<image>`, posted with no headers of its
 * own: no preflight; the drawer opened by a `<pulse/>` request) and as an app on Epson's ePOS SDK builds them (text,
 * picture, QR symbol, pulse and cut, posted by XMLHttpRequest with the SDK's headers: a preflight). Our own page code.
 */
const POS_SCRIPT = `
const NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';
const envelope = (inner, header = '') => '<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">' + header + '<s:Body><epos-print xmlns="' + NS + '">' + inner + '</epos-print></s:Body></s:Envelope>';
function raster(canvas) {
  const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const bytes = new Uint8Array((width / 8) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4;
    if (data[i] * 0.299 + data[i + 1] * 0.587 + data[i + 2] * 0.114 < 128) bytes[y * (width / 8) + (x >> 3)] |= 0x80 >> (x & 7);
  }
  let text = ''; for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
function receiptCanvas(width, height) {
  const canvas = document.createElement('canvas'); canvas.width = width; canvas.height = height;
  const g = canvas.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, width, height);
  g.fillStyle = '#000'; g.font = '28px sans-serif'; g.fillText('CAFE LUNA', 20, 40);
  g.fillRect(20, 60, 64, 64);
  return canvas;
}
// Odoo: fetch with the XML as the body, answer read with DOMParser and querySelector('response').
async function odooPrint(address) {
  const canvas = receiptCanvas(512, 160);
  const job = envelope('<image width="512" height="160" align="center">' + raster(canvas) + '</image><cut type="feed"/>');
  const read = async (body) => {
    const res = await fetch(address, { method: 'POST', body });
    const response = new DOMParser().parseFromString(await res.text(), 'application/xml').querySelector('response');
    return { result: response.getAttribute('success') === 'true', errorCode: response.getAttribute('code'), status: parseInt(response.getAttribute('status')) || 0 };
  };
  const printed = await read(job);
  const drawer = await read(envelope('<pulse/>'));
  return { printed, drawer };
}
// The ePOS SDK: XMLHttpRequest with its three headers; success matched by /^(1|true)$/, status through parseInt.
function sdkPrint(address, printjobid) {
  const picture = receiptCanvas(64, 128);
  const inner = '<text align="center"/><text em="true" width="2" height="2">CAFE LUNA&#10;</text>' +
    '<text em="false" width="1" height="1" align="left">Cafe con leche  2,40&#10;Tostada        1,80&#10;</text>' +
    '<image width="64" height="128" color="color_1" mode="mono">' + raster(picture) + '</image>' +
    '<symbol type="qrcode_model_2" level="level_m" width="4" height="0" size="0">https://cafe.example/ticket/42</symbol>' +
    '<feed line="2"/><pulse drawer="drawer_1" time="pulse_100"/><cut type="feed"/>';
  const header = '<s:Header><parameter xmlns="' + NS + '"><printjobid>' + printjobid + '</printjobid></parameter></s:Header>';
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', address, true);
    xhr.setRequestHeader('Content-Type', 'text/xml; charset=UTF-8');
    xhr.setRequestHeader('If-Modified-Since', 'Thu, 01 Jan 1970 00:00:00 GMT');
    xhr.setRequestHeader('SOAPAction', '""');
    xhr.onreadystatechange = () => {
      if (xhr.readyState !== 4) return;
      if (xhr.status !== 200) return resolve({ error: xhr.status });
      const res = xhr.responseXML.getElementsByTagName('response')[0];
      resolve({ success: /^(1|true)$/.test(res.getAttribute('success')), code: res.getAttribute('code'), status: parseInt(res.getAttribute('status')) });
    };
    xhr.onerror = () => resolve({ error: 'network' });
    xhr.send(envelope(inner, header));
  });
}
`;

const { setUp } = doorPages(POS_SCRIPT);

test('a POS page on an allowed site prints a café receipt as Odoo and as the ePOS SDK build it', async ({ browser, built }) => {
  expect(built).toBe(true);
  const { printer, pos, app } = await setUp({ allowed: (page) => [page.origin] });
  const address = `${app.url}cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000`;
  const tab = await posTab(browser, pos.origin);

  const odoo = await tab.evaluate((url) => (window as unknown as { odooPrint(url: string): Promise<unknown> }).odooPrint(url), address);
  expect(odoo).toMatchObject({ printed: { result: true, errorCode: '' }, drawer: { result: true, errorCode: '' } });
  const sdk = await tab.evaluate((url) => (window as unknown as { sdkPrint(url: string, id: string): Promise<unknown> }).sdkPrint(url, 'venta-42'), address);
  expect(sdk).toMatchObject({ success: true, code: '' });
  // The SDK sends the same job again when it hears nothing: it is answered, never printed twice.
  const again = await tab.evaluate((url) => (window as unknown as { sdkPrint(url: string, id: string): Promise<unknown> }).sdkPrint(url, 'venta-42'), address);
  expect(again).toEqual(sdk);

  await expect.poll(() => summarize(printer.printed()).qr.length).toBe(1);
  const printed = summarize(printer.printed());
  // Odoo's canvas (512×160) and the SDK's picture (64×128), each as a raster with the drawn black in it.
  expect(printed.rasters.map((raster) => raster.rows)).toEqual([160, 128]);
  expect(printed.rasters.every((raster) => raster.black > 1_000)).toBe(true);
  expect(printed.lines.join('\n')).toContain('CAFE LUNA');
  expect(printed.lines.join('\n')).toContain('Cafe con leche  2,40');
  expect(printed.qr).toEqual(['https://cafe.example/ticket/42']);
  expect(printed.drawerKicks).toEqual([0, 0]);
  expect(printed.cuts).toBe(2);
  await tab.context().close();
});

test('a page from a site not allowed gets nothing printed', async ({ browser, built }) => {
  expect(built).toBe(true);
  const { printer, pos, app } = await setUp({ allowed: () => [] });
  const tab = await posTab(browser, pos.origin);
  const address = `${app.url}cgi-bin/epos/service.cgi?devid=local_printer`;
  const sdk = await tab.evaluate((url) => (window as unknown as { sdkPrint(url: string, id: string): Promise<unknown> }).sdkPrint(url, 'x'), address);
  expect(sdk).toMatchObject({ error: expect.anything() as unknown });
  const odoo = await tab.evaluate((url) => (window as unknown as { odooPrint(url: string): Promise<unknown> }).odooPrint(url).catch(() => 'refused'), address);
  expect(odoo).toBe('refused');
  await tab.waitForTimeout(500);
  expect(printer.printed().length).toBe(0);
  await tab.context().close();
});

test('an https POS page prints through the TLS port', async ({ browser, built }) => {
  expect(built).toBe(true);
  const secure = await securePages();
  const { port } = secure.tls;
  const { printer, pos } = await setUp({ allowed: (page) => [page.origin], secure });
  const tab = await posTab(browser, pos.origin, true);
  const address = `https://127.0.0.1:${port}/cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000`;
  await expect.poll(() => tab.evaluate((url) => (window as unknown as { sdkPrint(url: string, id: string): Promise<{ success?: boolean }> }).sdkPrint(url, 'tls-1').then((answer) => answer.success === true), address), { timeout: 10_000 }).toBe(true);
  expect(summarize(printer.printed()).qr).toEqual(['https://cafe.example/ticket/42']);
  await tab.context().close();
});

test('the Printers page gives a printer an ID for Epson POS apps and shows the address to type', async ({ page, built }) => {
  expect(built).toBe(true);
  const { printer, app } = await setUp({ allowed: () => [] });
  const port = new URL(app.url).port;
  for (const language of WINDOW_LANGUAGES) {
    await app.host.handlers.updateSettings({ settings: { language } });
    await page.goto(app.url);
    await page.getByRole('tab', { name: language === 'es' ? 'Impresoras' : 'Printers' }).click();
    const card = page.getByTestId('epos-devices');
    await expect(card.getByTestId('epos-address').first()).toHaveText(`127.0.0.1:${port}`);
    for (const size of WINDOW_SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page, 'main')).toEqual([]);
    }
  }
  await app.host.handlers.updateSettings({ settings: { language: 'es' } });
  await page.reload();
  await page.getByRole('tab', { name: 'Impresoras' }).click();
  const field = page.getByLabel(/^Id\. para TPV Epson y Star: /).first();
  await field.fill('cocina');
  await field.press('Enter');
  await expect(page.getByTestId('printers-notice')).toContainText('con el id. «cocina»');
  expect((await app.host.handlers.getSettings()).eposDevices).toEqual([{ id: 'cocina', printer: expect.any(String) as unknown }]);
  expect(printer.printed().length).toBe(0);
});
