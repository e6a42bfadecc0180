import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { expect, startApp, test } from './support/app-fixture';

test('a printer alert raised before the window knows its language still speaks the saved language', async ({ page, built }) => {
  expect(built).toBe(true);
  const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
  const app = await startApp({
    settings: { language: 'en', defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
    monitorTiming: { idlePollMs: 150, blockedPollMs: 100, answerMs: 600, settleMs: 80 },
  });
  try {
    // The saved settings are held back, as on a slow first load, while the printer runs out of paper.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/getSettings', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.url);
    // The window follows the printer, already in the saved language (the page says it in <html lang>: it does not
    // wait for the settings), then the paper runs out.
    await expect(page.getByRole('banner')).toContainText('Receipt printer: Ready');
    printer.set({ paper: 'out' });
    const toast = page.locator('[data-testid="alert-toast"][data-alert="paper-out"]');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('The printer is out of paper');
    release();
    await expect(toast).toContainText('The printer is out of paper');
    await expect(toast).not.toContainText('sin papel');
    await expect(page.getByRole('banner')).not.toContainText('Impresora');
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
    await printer.close();
  }
});
