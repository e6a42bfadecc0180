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
const FIRST_LINE = 'Mesa 4 - Total 12,50';
const receipt = { version: '1.0' as const, commands: [{ type: 'text' as const, data: { text: `${FIRST_LINE}\nCafe con leche` } }, { type: 'cut' as const }] };

/** Whether an element's text fits in its box (no wrapped line spilling out, no ellipsis). */
const fits = (element: HTMLElement | SVGElement): boolean => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1;
/** The same for the cell's truncating box around a result (the ellipsis is cut there, not on the text's own span). */
const fitsInCell = (element: HTMLElement | SVGElement): boolean => {
  // Runs in the page: no helper of this file is there.
  const box = element.parentElement;
  return box !== null && box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1;
};

/**
 * Issue 32: a Jobs row says which sale it is (the receipt's first line), not "f2da8b3a…"; "Impreso (confirmado)"
 * stays on one line inside its pill; the result says what happened, not "Impreso en 68 ms", and reads whole at 1024.
 */
for (const language of ['es', 'en'] as const) {
  test(`a Jobs row names the receipt, its pill holds its words, its result reads whole (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: TIMING,
    });
    try {
      const { id } = await app.host.handlers.submitJob({ document: receipt });
      await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
      await page.setViewportSize(SIZES[0]);
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.jobs }).click();
      const row = page.getByTestId(`job-${id}`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(row).toContainText(FIRST_LINE);
        await expect(row).not.toContainText(id.slice(0, 8));
        await expect(row).not.toContainText(/\d+ ms/);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: test.info().outputPath(`jobs-row-${language}-${size.width}.png`) });
        const pill = row.getByText(text.jobState_confirmed, { exact: true });
        await expect(pill).toBeVisible();
        expect(await pill.evaluate(fits)).toBe(true);
        if (size.width >= 1024) {
          const result = row.getByText(text.printedConfirmedIn, { exact: true });
          expect(await result.evaluate(fitsInCell)).toBe(true);
        }
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main')).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
