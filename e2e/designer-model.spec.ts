import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startApp, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';

const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-designer';

async function openDesigner(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
}

const dotsAcross = (page: Page): Promise<number> => page.getByTestId('preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth);

test.describe('the designer lays the receipt out for the printer model it prints on', () => {
  test('without a model set, the generic 80 mm roll: 48 columns, 576 dots', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await expect(page.getByTestId('designer-geometry')).toHaveText('80 mm · 48 columnas · 576 puntos');
    await expect.poll(() => dotsAcross(page)).toBe(576);
    await expect(page.getByLabel('Modelo de impresora')).toHaveValue('');
    await expect(page.getByLabel('Modelo de impresora').locator('option:checked')).toHaveText('El de «Impresora virtual»: ESC/POS genérica');
  });

  test('a TM-T88 set for the ticket printer previews 512 dots and 42 columns; a model chosen in the template is said and kept', async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { defaultPrinter: 'virtual', printerProfiles: [{ printer: 'virtual', model: 'epson-tm-t88vi' }] } });
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await openDesigner(page, app.url);
      const model = page.getByLabel('Modelo de impresora');
      await expect(model.locator('option:checked')).toHaveText('El de «Impresora virtual»: Epson TM-T88VI');
      // The preview is what the printer will print: 512 dots, not the 576 of most printers.
      await expect(page.getByTestId('designer-geometry')).toHaveText('80 mm · 42 columnas · 512 puntos');
      await expect.poll(() => dotsAcross(page)).toBe(512);
      await expect.poll(async () => (await page.getByTestId('preview-image').boundingBox())?.width).toBe(512);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'designer-tm-t88-1366x768.png'), fullPage: true });

      await page.getByRole('radio', { name: '58 mm' }).check();
      await expect(page.getByTestId('designer-geometry')).toHaveText('58 mm · 30 columnas · 360 puntos');
      await expect.poll(() => dotsAcross(page)).toBe(360);
      await page.getByRole('radio', { name: '80 mm' }).check();

      // A model named in the template: laid out for it, and the owner is told it differs from the printer's.
      await model.selectOption('epson-tm-t20iii');
      await expect(page.getByTestId('designer-geometry')).toHaveText('80 mm · 48 columnas · 576 puntos');
      await expect.poll(() => dotsAcross(page)).toBe(576);
      await expect(page.getByTestId('designer-model-mismatch')).toHaveText(
        'Esta plantilla está hecha para Epson TM-T20III; Impresora virtual es Epson TM-T88VI: saldrá con las columnas de Epson TM-T20III.',
      );
      await page.getByRole('tab', { name: 'JSON (avanzado)' }).click();
      await expect(page.getByLabel('Documento (JSON)')).toHaveValue(/"model": "epson-tm-t20iii"/);
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the printer's own model: the template names none again.
      await model.selectOption('');
      await expect(page.getByLabel('Documento (JSON)')).toHaveValue(/"model": "epson"/);
      await expect.poll(() => dotsAcross(page)).toBe(512);
      await expect(page.getByTestId('designer-model-mismatch')).toHaveCount(0);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
});
