import { FAST_MONITOR_TIMING } from '../test/support/printer-status-harness';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';
import { WINDOW_SIZES } from './support/window-sizes';

const TIMING = FAST_MONITOR_TIMING;
const SIZES = WINDOW_SIZES;
/** What an owner cannot read: the printer's address as the service writes it. */
const ADDRESS_WORDS = /tcp:\/\/|ws:\/\//;

/**
 * Issue 32, "names not addresses": Home's warning names the printer in words and says its actual problem ("sin
 * papel") with what to do, not a generic checklist; the test page printed on it names it the same way.
 */
for (const language of ['es', 'en'] as const) {
  test(`Home's warning and the test page name the printer in words, with its actual problem (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: TIMING,
    });
    // Not the usual port 9100, so the name keeps it ("Impresora de red 127.0.0.1:40123").
    const name = text.networkPrinterName.replace('{{host}}', printer.uri.replace(/^tcp:\/\//, ''));
    try {
      await page.setViewportSize(SIZES[0]);
      await page.goto(app.url);
      await expect(page.getByTestId('home-page')).toBeVisible();

      // The test page, while the printer works: printed with the printer's name in words.
      await page.getByTestId('home-test-page').first().click();
      await printer.waitForPrinted(text.homeTestFooter.slice(0, 12), 15_000);
      // A long line wraps on paper: read it as one. (The POS's ws:// address stays: it is what the POS is given.)
      const paper = printer.printedText().replace(/\n/g, ' ');
      expect(paper).toContain(text.homeTestPrinter.replace('{{printer}}', name));
      expect(paper).not.toContain('tcp://');

      printer.set({ paper: 'out' });
      await expect.poll(() => app.host.running().service.printerStatuses()[0]?.paper, { timeout: 15_000 }).toBe('out');
      const warning = page.getByTestId('home-warning-printer-not-ready');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(warning).toBeVisible();
        await expect(warning).toContainText(name);
        await expect(warning).toContainText(text.homeProblem_paper_out);
        await expect(warning).toContainText(text.stopFix_paper_out);
        // The printer's own problem, not the checklist of everything it could be.
        await expect(warning).not.toContainText(text.homeWarnNotReady.replace(/«?“?\{\{name\}\}.*$/, '').trim());
        await expect(page.getByTestId('home-warnings')).not.toContainText(ADDRESS_WORDS);
        await page.mouse.move(0, 0);
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main')).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`home-warning-${language}-${size.width}.png`) });
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
