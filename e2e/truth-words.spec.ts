import net from 'node:net';
import type { Page } from '@playwright/test';
import { VIRTUAL_PRINTER_NAME } from '../src/main/platform/virtual/virtual-transport';
import type { Language } from '../src/shared/contract/settings';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';
import { openAdvancedSettings } from './support/settings-page';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** The window's words say only what is true (issue 32), at each screen size the owner may use. */
const SIZES = WINDOW_SIZES;
const LANGUAGES = WINDOW_LANGUAGES;

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

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`Home's guide (${language}): a test page from the Printers page counts; "ready to print" only once a POS ticket printed, never while paused`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({ settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] } });
    try {
      await page.setViewportSize(SIZES[1]);
      await page.goto(app.url);
      // Step 2 from the Printers page: confirmed printed, then Home counts it.
      await page.getByRole('tab', { name: text.printers }).click();
      const row = page.getByTestId(`printer-${printer.uri}`);
      await row.getByRole('button', { name: text.printTestPageOf.replace('{{name}}', text.networkPrinterName.replace('{{host}}', printer.uri.replace('tcp://', ''))) }).click();
      await printer.waitForPrinted(language === 'es' ? 'gina de prueba' : 'Test page', 10_000);
      await page.getByRole('tab', { name: text.home }).click();
      const guide = page.getByTestId('home-guide');
      const step = (n: number) => guide.locator('ol > li').nth(n);
      await expect(step(1)).toContainText(text.homeStepDone, { timeout: 10_000 });
      await expect(step(1)).not.toContainText(text.homeStepToDo);

      // Copying the address is not the POS using it: no "ready to print" yet.
      await page.getByTestId('home-guide-copy').click();
      await expect(step(2)).toContainText(text.guideStepCopied);
      await expect(step(2)).not.toContainText(text.homeStepDone);
      await expect(guide).toContainText(text.guideWaitingTicketTitle);
      await expect(guide).not.toContainText(text.homeGuideDoneTitle);
      await expect(guide).not.toContainText(text.homeGuideDone);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await checkPage(page, language);
      }

      // A ticket from the POS printed: now it is true.
      await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'text', data: { text: 'TPV' } }] } });
      await expect(guide).toContainText(text.homeGuideDoneTitle, { timeout: 10_000 });
      await expect(guide).toContainText(text.homeGuideDone);

      // Printing paused: never "ready to print" beside it.
      await app.host.handlers.setPaused({ paused: true });
      await expect(guide).not.toContainText(text.homeGuideDoneTitle, { timeout: 10_000 });
      await expect(guide).not.toContainText(text.homeGuideDone);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await checkPage(page, language);
      }
      await app.host.handlers.setPaused({ paused: false });
      await expect(guide).toContainText(text.homeGuideDoneTitle, { timeout: 10_000 });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`Settings (${language}): Save with nothing changed says "no changes", never a green "Saved"; a real change is saved`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        await page.getByRole('tab', { name: text.settings }).click();
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await expect(page.getByTestId('settings-unchanged')).toHaveText(text.settingsUnchanged);
        await expect(page.getByTestId('settings-saved')).toHaveCount(0);
        await checkPage(page, language);
      }
      // A change is still saved and said so; the "no changes" note goes with the edit (the queue's limit is under "Avanzado").
      await openAdvancedSettings(page);
      await page.getByLabel(text.rateLimit).fill('12');
      await expect(page.getByTestId('settings-unchanged')).toHaveCount(0);
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByTestId('settings-saved')).toHaveText(text.saved, { timeout: 10_000 });
      expect((await app.host.handlers.getSettings()).rateLimit).toBe(12);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`Home (${language}): a printer chosen outside Settings (the Add-printer dialog, Home, Printers) is not said "chosen in Settings"`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    // As the Add-printer dialog leaves it: the default printer and its model, saved by the dialog.
    const app = await startApp({ settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'generic' }] } });
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        const reason = page.getByTestId('home-route-reason');
        await expect(reason).toHaveText(text.homeRouteConfigured, { timeout: 10_000 });
        await expect(reason).not.toContainText(text.settings);
        await checkPage(page, language);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`the sign-in page (${language}) sends the owner to where the token is: Settings → Security, not Network`, async ({ page, built }) => {
    test.setTimeout(60_000);
    expect(built).toBe(true);
    const app = await startApp({ token: 'caja-principal-2026', settings: { language } });
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        const body = page.locator('body');
        await expect(body).toContainText(`${text.settings} → ${text.security}`);
        await expect(body).not.toContainText(language === 'es' ? 'Ajustes → Red' : 'Settings → Network');
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];
  /** The old labels' words ("Lista para pruebas · sin papel", "Impresora virtual (sin papel, …)"), read as out of paper. */
  const outOfPaperLike = language === 'es' ? ['· sin papel', '(sin papel'] : ['· no paper', '(no paper'];

  test(`the virtual printer's state (${language}) says it prints no paper, not that it is out of paper, wherever it shows`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language, defaultPrinter: VIRTUAL_PRINTER_NAME } });
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        for (const testId of ['home-printer-status', 'home-guide-printer-state']) {
          await expect(page.getByTestId(testId)).toHaveText(text.liveState_virtual, { timeout: 10_000 });
        }
        await expect(page.getByTestId('printer-summary-badge')).toHaveText(text.printerStateOfRoute.replace('{{state}}', text.liveState_virtual));
        for (const words of outOfPaperLike) await expect(page.getByTestId('home-page')).not.toContainText(words);
        await checkPage(page, language);
        await page.getByRole('tab', { name: text.printers }).click();
        const badge = page.getByTestId(`printer-${VIRTUAL_PRINTER_NAME}`).getByTestId('printer-row-state');
        await expect(badge).toHaveText(text.liveState_virtual);
        await checkPage(page, language);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
