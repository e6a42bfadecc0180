import fs from 'node:fs';
import net from 'node:net';
import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/contract/settings';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = '/tmp/shots-add-printer';

/** A loopback port nobody listens on (bound, then released): "probar conexión" finds it refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function fillAddress(page: Page, address: string, port: number): Promise<void> {
  await page.getByTestId('add-printer-address').fill(address);
  await page.getByTestId('add-printer-port').fill(String(port));
}

for (const language of ['es', 'en'] as const satisfies readonly Language[]) {
  const text = LOCALES[language];
  test(`add a network printer from the Printers page at 1024×768 (${language}): test the connection, then add it as the default`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    fs.mkdirSync(SHOTS, { recursive: true });
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({ settings: { language } });
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.printers }).click();
      await page.getByRole('button', { name: text.addPrinter }).click();
      const dialog = page.getByRole('dialog', { name: text.addPrinter });
      await expect(dialog).toBeVisible();

      // Something there that takes no connections on that port: said in words, with the port to check.
      const closed = await closedPort();
      await fillAddress(page, '127.0.0.1', closed);
      await dialog.getByRole('button', { name: text.addPrinterProbe }).click();
      const result = dialog.getByTestId('add-printer-probe-result');
      await expect(result).toHaveAttribute('data-found', 'refused');
      await expect(result).toHaveText(text.probeFound_refused.replace('{{address}}', '127.0.0.1').replace('{{port}}', String(closed)));

      // An address outside this network is never tried.
      await fillAddress(page, '8.8.8.8', 9100);
      await dialog.getByRole('button', { name: text.addPrinterProbe }).click();
      await expect(result).toHaveText(text.probeFound_notLan);

      // The printer itself: it answers its status, and nothing is printed.
      await fillAddress(page, '127.0.0.1', printer.port);
      await dialog.getByRole('button', { name: text.addPrinterProbe }).click();
      await expect(result).toHaveAttribute('data-found', 'answered-status');
      await expect(result).toHaveText(text.probeFound_answered.replace('{{state}}', text.probeState_ready));
      expect(printer.printed()).toHaveLength(0);
      await page.screenshot({ path: `${SHOTS}/probe-answered-${language}-1024.png` });
      expect(await foreignTextsShown(page, language)).toEqual([]);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      // The dialog fits the screen: its buttons are within the viewport.
      const save = dialog.getByTestId('add-printer-save');
      const box = await save.boundingBox();
      expect(box && box.y + box.height <= 768 && box.x + box.width <= 1024).toBe(true);

      // No default yet: the first printer added becomes where tickets go.
      await expect(dialog.getByRole('checkbox', { name: text.addPrinterAsDefault })).toBeChecked();
      await save.click();
      await expect(dialog).toBeHidden();
      const row = page.getByTestId(`printer-${printer.uri}`);
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByTestId('default-badge')).toBeVisible();
      // Ticketera's default, not the system's: a network printer is no system queue.
      await expect(row).not.toContainText(text.systemDefault);
      await expect(row.getByTestId('printer-row-state')).toHaveText(language === 'es' ? 'Lista' : 'Ready', { timeout: 15_000 });
      const saved = await app.host.handlers.getSettings();
      expect(saved.defaultPrinter).toBe(printer.uri);
      expect(saved.printerProfiles).toContainEqual({ printer: printer.uri, model: 'generic' });
      await expectNoHorizontalScroll(page);
      // Saving restarts the service with the new printer: the window is back once its actions are enabled again.
      await expect(page.getByRole('button', { name: text.addPrinter })).toBeEnabled({ timeout: 15_000 });
      await page.screenshot({ path: `${SHOTS}/printer-added-${language}-1024.png` });
      expect(await foreignTextsShown(page, language)).toEqual([]);

      // A test page goes to it and prints (the simulator is the printer just added).
      // The printer by its name in words ("Impresora de red 127.0.0.1:PORT"), not its tcp:// address.
      await row.getByRole('button', { name: text.printTestPageOf.replace('{{name}}', text.networkPrinterName.replace('{{host}}', printer.uri.replace('tcp://', ''))) }).click();
      await printer.waitForPrinted(language === 'es' ? 'gina de prueba' : 'Test page', 10_000);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

test('the home guide offers "Añadir impresora" in step 1; USB and system queues say what there is', async ({ page, app }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const text = LOCALES.es;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  const guide = page.getByTestId('home-guide');
  await expect(guide.getByRole('button', { name: text.addPrinter })).toBeVisible();
  await guide.screenshot({ path: `${SHOTS}/home-guide-es-1024.png` });
  await guide.getByRole('button', { name: text.addPrinter }).click();
  const dialog = page.getByRole('dialog', { name: text.addPrinter });
  await dialog.getByRole('tab', { name: text.addPrinterTabUsb }).click();
  // This computer may see USB devices or not (a container sees none): either a list or the words for none.
  await expect(dialog.getByRole('radiogroup', { name: text.addPrinterUsbChoose }).or(dialog.getByTestId('add-printer-usb-none'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/usb-es-1024.png` });
  await dialog.getByRole('tab', { name: text.addPrinterTabSystem }).click();
  // The e2e service lists no system printers (printerDiscovery: []).
  await expect(dialog.getByTestId('add-printer-system-none')).toHaveText(text.addPrinterSystemNone);
  expect(await foreignTextsShown(page, 'es')).toEqual([]);
  await dialog.getByRole('button', { name: text.addPrinterCancel }).click();
  await expect(dialog).toBeHidden();
});
