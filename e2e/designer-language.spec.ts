import { LOCALES } from '../src/renderer/src/i18n/locales';
import { expect, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';

/** The designer's new parts (table columns, printer model, preview scale, a missing picture) in one language each. */
test.describe('the designer speaks one language', () => {
  for (const language of ['es', 'en'] as const) {
    test(`with a table and an empty picture block selected, only ${language}`, async ({ page, app }) => {
      const text = LOCALES[language];
      await app.host.handlers.updateSettings({ settings: { language } });
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.designer }).click();
      await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('list', { name: text.blocks }).getByRole('button', { name: new RegExp(`^3 ${text.block_table}`) }).click();
      await expect(page.getByTestId('column-share-total')).toBeVisible();
      expect(await foreignTextsShown(page, language), 'table').toEqual([]);

      await page.getByRole('button', { name: /^(Añadir bloque|Add block)/ }).click();
      await page.getByRole('menuitem', { name: text.block_image, exact: true }).click();
      await expect(page.getByTestId('preview-missing')).toHaveText(text.previewImageMissing.replace('{{n}}', '4'));
      await page.getByRole('button', { name: text.zoomFit }).click();
      expect(await foreignTextsShown(page, language), 'picture block').toEqual([]);
    });
  }
});
