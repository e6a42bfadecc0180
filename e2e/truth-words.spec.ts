import net from 'node:net';
import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/contract/settings';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';

/** The window's words say only what is true (issue 32), at each screen size the owner may use. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 800, height: 600 },
] as const;
const LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];

/** A loopback port that answers any bytes at once with a web page, as a router's or nginx's port does. */
async function webPagePort(): Promise<{ port: number; close: () => Promise<void> }> {
  const page = 'HTTP/1.1 400 Bad Request\r\nServer: nginx\r\nContent-Type: text/html\r\n\r\n<html><body><h1>400 Bad Request</h1><hr>nginx</body></html>\r\n';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(page));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

async function checkPage(page: Page, language: Language, scope?: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  expect(await foreignTextsShown(page, language)).toEqual([]);
  expect(await seriousViolations(page, scope)).toEqual([]);
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`"Probar conexión" on a web server's port says something answered but not a receipt printer, never "sin papel" (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const web = await webPagePort();
    const app = await startApp({ settings: { language } });
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        await page.getByRole('tab', { name: text.printers }).click();
        await page.getByRole('button', { name: text.addPrinter }).click();
        const dialog = page.getByRole('dialog', { name: text.addPrinter });
        await dialog.getByTestId('add-printer-address').fill('127.0.0.1');
        await dialog.getByTestId('add-printer-port').fill(String(web.port));
        await dialog.getByRole('button', { name: text.addPrinterProbe }).click();
        const result = dialog.getByTestId('add-printer-probe-result');
        await expect(result).toHaveText(text.probeFound_notPrinter.replace('{{address}}', '127.0.0.1'));
        await expect(result).not.toContainText(text.probeState_paperOut);
        await checkPage(page, language, '[role="dialog"]');
        await dialog.getByRole('button', { name: text.addPrinterCancel }).click();
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await web.close();
    }
  });
}
