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

/** A café's sale: a heading, the table number, a table of what was ordered, then enough lines to run out of paper. */
const sale = (table: string) => ({
  version: '1.0' as const,
  commands: [
    { type: 'text' as const, data: { text: 'CAFÉ PEPE' } },
    { type: 'text' as const, data: { text: table } },
    { type: 'table' as const, data: { columns: [{}, { align: 'right' as const }], rows: [['Café con leche', '1,80']] } },
    ...Array.from({ length: 10 }, (_, index) => ({ type: 'text' as const, data: { text: `Linea ${index + 1}` } })),
    { type: 'cut' as const },
  ],
});

/**
 * Issue 32: a held ticket's card said only "Sin papel · hace 1 min · Impresora…". Now it says which sale it is (its
 * first lines) and, for one that waited behind the stopped one, that nothing of it came out.
 */
for (const language of ['es', 'en'] as const) {
  test(`a held ticket's card says which sale it is and whether any of it came out (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: TIMING,
    });
    try {
      await page.goto(app.url);
      await expect(page.getByTestId('home-page')).toBeVisible();
      // The first stops three lines in; the second was waiting behind it and is never sent.
      printer.paperOutAfterLines(3);
      const { id: first } = await app.host.handlers.submitJob({ document: sale('Mesa 4') });
      const { id: second } = await app.host.handlers.submitJob({ document: sale('Mesa 7') });
      for (const id of [first, second]) await expect.poll(() => app.host.running().service.job(id)?.outcome, { timeout: 20_000 }).toBe('held');

      for (const size of SIZES) {
        await page.setViewportSize(size);
        const firstCard = page.getByTestId(`held-${first}`);
        const secondCard = page.getByTestId(`held-${second}`);
        await expect(firstCard.getByTestId('held-preview')).toHaveText(`${text.heldPreview}: CAFÉ PEPE · Mesa 4 · Café con leche  1,80`);
        await expect(secondCard.getByTestId('held-preview')).toContainText('Mesa 7');
        await expect(secondCard.getByTestId('held-not-sent')).toHaveText(text.heldNotSent);
        await expect(firstCard.getByTestId('held-not-sent')).toHaveCount(0);
        await expect(firstCard.getByRole('button', { name: new RegExp(text.heldPrintNow) })).toBeVisible();
        await page.mouse.move(0, 0);
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main')).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await page.getByTestId('home-held').screenshot({ path: test.info().outputPath(`held-card-${language}-${size.width}.png`) });
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
