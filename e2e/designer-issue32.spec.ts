import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, the receipt designer as a café owner uses it, at the window sizes and in the languages of the shop PC. */
const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-designer';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A locale text with its `{{name}}` slots filled. */
const fill = (template: string, values: Record<string, string | number>): string => template.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));

async function openDesigner(page: Page, url: string, language: 'es' | 'en'): Promise<void> {
  await page.goto(`${url}#/designer`);
  await expect(page.getByRole('list', { name: LOCALES[language].blocks })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`editing a table's row, the preview of that row is in sight at once (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await openDesigner(page, app.url, language);
        await page.getByRole('list', { name: text.blocks }).getByRole('button', { name: new RegExp(`^3 ${text.block_table}`) }).click();
        const cell = page.getByLabel(fill(text.cellLabel, { row: 2, column: 'Producto' }));
        const typed = `Tostada ${size.width}`;
        const changed = page.waitForResponse((response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes(typed));
        await cell.fill(typed);
        await changed;
        // The field just typed in, the receipt, and on it the table's rows (marked as the block picked): all in the window.
        await expect(cell, where).toBeInViewport();
        await expect(page.getByTestId('preview-frame'), `${where}: the preview out of sight`).toBeInViewport({ ratio: 0.6 });
        await expect(page.getByTestId('preview-selected-band'), `${where}: the table's rows out of sight on the preview`).toBeInViewport({ ratio: 0.9 });
        // The whole roll across: nothing of the edited row hidden to the side of the preview.
        const across = await page.getByTestId('preview-frame').evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(across, `${where}: the preview cut at the side`).toBeLessThanOrEqual(1);
        await expectNoHorizontalScroll(page);
        await shoot(page, `designer-issue32-table-${language}-${size.width}x${size.height}`);
        expect(await seriousViolations(page, 'main'), where).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/** The printer's terms an owner does not use; none may show in the QR code's or the picture's options. */
const TECHNICAL: Record<'es' | 'en', RegExp> = {
  es: /módulo|puntos|corrección de errores|\([LMQH]\)|floyd|atkinson|tramado|umbral/i,
  en: /module|dots|error correction|\([LMQH]\)|floyd|atkinson|dithering|threshold/i,
};

/** Each list can show any of its options whole, and the page does not scroll sideways. */
async function expectOptionsFit(page: Page, where: string): Promise<void> {
  const cut = await page.locator('.designer-form select').evaluateAll((selects) =>
    selects.flatMap((select) => {
      if (!(select instanceof HTMLSelectElement)) return [];
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return [];
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // Whichever option is chosen reads whole (the padding on the right is where the arrow is drawn).
      return [...select.options].flatMap((option) => {
        const needed = context.measureText(option.text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return needed > select.clientWidth + 1 ? [option.text] : [];
      });
    }),
  );
  expect(cut, `${where}: options cut short`).toEqual([]);
  await expectNoHorizontalScroll(page);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`the QR code's and the picture's options in words a café owner knows (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await openDesigner(page, app.url, language);
      const list = page.getByRole('list', { name: text.blocks });
      await list.getByRole('button', { name: new RegExp(`^5 ${text.block_qr}`) }).click();
      const editor = page.getByRole('region', { name: fill(text.editingBlock, { n: 5, name: text.block_qr }) });
      const size = editor.getByRole('radiogroup', { name: text.field_size });
      const stains = editor.getByRole('combobox', { name: text.qrStains });
      for (const windowSize of WINDOW_SIZES) {
        const where = `${windowSize.width}×${windowSize.height}`;
        await page.setViewportSize(windowSize);
        // How big, in three words; whether it reads when stained, in plain words; nothing of modules or levels.
        await expect(size.getByRole('radio')).toHaveCount(3);
        for (const name of [text.qrSize_small, text.qrSize_medium, text.qrSize_large]) await expect(size.getByRole('radio', { name }), where).toBeInViewport();
        await expect(size.getByRole('radio', { name: text.qrSize_medium })).toBeChecked();
        await expect(stains.locator('option:checked')).toHaveText(text.qrStains_M);
        await expect(editor).not.toContainText(TECHNICAL[language]);
        expect(await stains.locator('option').allTextContents()).toEqual([text.qrStains_L, text.qrStains_M, text.qrStains_Q, text.qrStains_H]);
        await expectOptionsFit(page, where);
        await editor.scrollIntoViewIfNeeded();
        await shoot(page, `designer-issue32-qr-${language}-${windowSize.width}x${windowSize.height}`);
        expect(await seriousViolations(page, 'main'), where).toEqual([]);
      }
      // The same document fields as before: a large code that reads with a piece missing is size 8, level H.
      await size.getByRole('radio', { name: text.qrSize_large }).check();
      await stains.selectOption({ label: text.qrStains_H });
      await page.getByRole('tab', { name: text.jsonTab }).click();
      const json = JSON.parse(await page.getByLabel(text.document).inputValue()) as { commands: { type: string; data: Record<string, unknown> }[] };
      expect(json.commands[4]).toEqual({ type: 'qr', data: { data: 'https://example.com/ticket/42', size: 8, align: 'center', error_correction: 'H' } });
      await page.getByRole('tab', { name: text.blockTab }).click();

      // A picture: how it turns into ink and how wide it prints, in the owner's words and millimetres.
      await page.getByRole('button', { name: fill(text.addBlockAfter, { n: 5 }) }).click();
      await page.getByRole('menuitem', { name: text.block_image, exact: true }).click();
      const picture = page.getByRole('region', { name: fill(text.editingBlock, { n: 6, name: text.block_image }) });
      const how = picture.getByRole('combobox', { name: text.imagePrint });
      expect(await how.locator('option').allTextContents()).toEqual([text.imagePrint_auto, text.imagePrint_logo, text.imagePrint_photo, text.imagePrint_photoLight]);
      await how.selectOption({ label: text.imagePrint_logo });
      await expect(picture.getByRole('slider', { name: text.imageDarkness })).toBeVisible();
      await expect(picture.getByRole('spinbutton', { name: text.imageWidthMm })).toBeVisible();
      await expect(picture).not.toContainText(TECHNICAL[language]);
      for (const windowSize of WINDOW_SIZES) {
        await page.setViewportSize(windowSize);
        await expectOptionsFit(page, `${windowSize.width}×${windowSize.height}`);
        await picture.scrollIntoViewIfNeeded();
        await shoot(page, `designer-issue32-picture-${language}-${windowSize.width}x${windowSize.height}`);
      }
      // 40 mm of an 80 mm roll on a 203 dpi head: 320 dots in the document.
      await picture.getByRole('spinbutton', { name: text.imageWidthMm }).fill('40');
      await page.getByRole('tab', { name: text.jsonTab }).click();
      const withPicture = JSON.parse(await page.getByLabel(text.document).inputValue()) as { commands: { type: string; data: Record<string, unknown> }[] };
      expect(withPicture.commands[5]).toEqual({ type: 'image', data: { image: '', align: 'center', dither: 'threshold', width: 320 } });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
