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
const receipt = (lines: string[]) => ({ version: '1.0' as const, commands: [...lines.map((text) => ({ type: 'text' as const, data: { text } })), { type: 'cut' as const }] });
/** The service's words for the POS, which the window must not show as they are. */
const POS_WORDS = /cannot print now|Ticketera holds|tcp:\/\/|Print now" in the Ticketera window/;

/**
 * Issue 32: out of paper, the Spanish window explained it in the POS's English (with the printer's address). Now the
 * toast and the Jobs page say, in the window's language, with the printer's name, what happened and what to do.
 */
for (const language of ['es', 'en'] as const) {
  test(`out of paper is explained in the window's language with the printer's name (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: TIMING,
    });
    const name = text.networkPrinterName.replace('{{host}}', '127.0.0.1');
    const paperOut = text.blocker_paper_out;
    try {
      await page.setViewportSize(SIZES[0]);
      await page.goto(app.url);
      await expect(page.getByTestId('home-page')).toBeVisible();
      // Held: the paper runs out three lines into a long receipt.
      printer.paperOutAfterLines(3);
      const { id: held } = await app.host.handlers.submitJob({ document: receipt([...Array.from({ length: 12 }, (_, index) => `Linea ${index + 1}`), 'RETENIDO']) });
      await expect.poll(() => app.host.running().service.job(held)?.outcome, { timeout: 20_000 }).toBe('held');
      await expect.poll(() => app.host.running().service.printerStatuses()[0]?.paper).toBe('out');

      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByRole('tab', { name: text.home }).click();
        // Refused: sent while the printer has no paper.
        const { id: refused } = await app.host.handlers.submitJob({ document: receipt([`RECHAZADO ${size.width}`]) });
        await expect.poll(() => app.host.running().service.job(refused)?.state).toBe('error');
        const toast = page.getByTestId('print-toast').filter({ hasText: text.stopFix_paper_out });
        await expect(toast.first()).toBeVisible();
        await expect(toast.first()).toContainText(name);
        await expect(toast.first()).toContainText(paperOut);
        await expect(toast.first()).not.toContainText(POS_WORDS);
        await page.screenshot({ path: test.info().outputPath(`paper-toast-${language}-${size.width}.png`) });

        // Jobs: both rows say it in the window's words; the POS's text only behind "Details".
        await page.getByRole('tab', { name: text.jobs }).click();
        const heldRow = page.getByTestId(`job-${held}`);
        const refusedRow = page.getByTestId(`job-${refused}`);
        await expect(heldRow).toContainText(text.heldPrintNow);
        await expect(heldRow.getByTestId(`job-explanation-${held}`)).toContainText(name);
        await expect(refusedRow.getByTestId(`job-explanation-${refused}`)).toContainText(name);
        await expect(page.getByRole('main')).not.toContainText(POS_WORDS);
        await page.mouse.move(0, 0);
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main')).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`paper-jobs-${language}-${size.width}.png`) });
      }

      // The details: the explanation, and the service's own words as the technical detail.
      await page.getByTestId(`job-${held}`).getByRole('button', { name: text.details }).click();
      await expect(page.getByTestId('job-explanation')).toContainText(name);
      await expect(page.getByRole('dialog')).toContainText(text.technicalDetail);
      await page.screenshot({ path: test.info().outputPath(`paper-detail-${language}-800.png`) });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
