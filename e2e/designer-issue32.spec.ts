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
