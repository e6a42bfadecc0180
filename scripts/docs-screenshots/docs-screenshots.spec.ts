import path from 'node:path';
import type { Page } from '@playwright/test';
import { EMULATOR_CAMPUS_KEYS, startCampusEmulator, type CampusEmulator } from '../../test/emulators/campus-api/emulator';
import { EMULATOR_ADMIN_KEYS, EMULATOR_KEYS, startTranslationEmulator, type TranslationEmulator } from '../../test/emulators/translation-api/emulator';
import { expect, test } from '../../e2e/support/app-fixture';

/**
 * The screenshots of README.md and docs/ (`npm run screenshots`): the real window in Spanish at 1280×800, against the
 * test emulators of the outside services, so they can be taken again after every change to the window.
 */
const OUT = path.resolve(__dirname, '..', '..', 'docs', 'screenshots');
const VIEW = { width: 1280, height: 800 };

let translation: TranslationEmulator;
let campus: CampusEmulator;
test.beforeAll(async () => {
  translation = await startTranslationEmulator({ documentTiming: { queuedMs: 0, translatingMs: 500 } });
  campus = await startCampusEmulator();
});
test.afterAll(async () => {
  await translation.close();
  await campus.close();
});

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  // No tooltip or hover left over from the last click, and the last paint settled.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
}

const receipt = (lines: string[]) => ({ version: '1.0', commands: [...lines.map((text) => ({ type: 'text', data: { text } })), { type: 'cut' }] });

test('Home and the designer', async ({ page, app }) => {
  for (const sale of [['Café con leche  1,50'], ['Tostada  2,20', 'Zumo  2,80'], ['Café solo  1,20']]) await app.host.handlers.submitJob({ document: receipt(sale) });
  await page.setViewportSize(VIEW);
  await page.goto(app.url);
  await expect(page.getByTestId('home-printed-today')).toHaveText('3');
  // The "printed" notices of the three sales close on their own; the page is shown as the owner finds it later.
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 20_000 });
  await shoot(page, 'home-1280');

  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await shoot(page, 'designer-1280');
});

test('translating a receipt and a document', async ({ page, app }) => {
  await app.host.handlers.updateSettings({ settings: { translationBaseUrl: translation.url }, secrets: { translationApiKey: EMULATOR_KEYS[0]! } });
  await app.host.settled();
  await page.setViewportSize(VIEW);
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await page.getByRole('button', { name: 'Traducir', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Traducir el ticket' });
  await dialog.getByLabel('Traducir al').selectOption('EN-GB');
  await dialog.getByLabel('Nombres que no se traducen').fill('Cafetería Ñandú');
  await dialog.getByRole('button', { name: 'Traducir textos' }).click();
  await expect(dialog.getByTestId('translate-billed')).toContainText('caracteres facturados');
  await shoot(page, 'translate-receipt-1280');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('tab', { name: 'Traducción' }).click();
  await page.getByTestId('translation-file-input').setInputFiles({ name: 'carta.txt', mimeType: 'text/plain', buffer: Buffer.from('Coffee\nToast\nThank you\n') });
  await page.getByLabel('Traducir al').selectOption('DE');
  await page.getByRole('button', { name: 'Traducir documento' }).click();
  await expect(page.getByTestId('translation-progress').getByRole('button', { name: 'Descargar la traducción de carta.txt' })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'translation-page-1280');
});

test('the organization admin\'s usage', async ({ page, app }) => {
  await app.host.handlers.updateSettings({ settings: { adminEnabled: true, adminBaseUrl: translation.url }, secrets: { adminApiKey: EMULATOR_ADMIN_KEYS[0]! } });
  await app.host.settled();
  await page.setViewportSize(VIEW);
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Administración' }).click();
  await page.getByRole('tab', { name: 'Uso' }).click();
  await expect(page.getByTestId('chart-per-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shoot(page, 'admin-usage-1280');
});

test('the campus Wi-Fi panel on Home', async ({ page, app }) => {
  campus.setWireless({ count: 120, last_updated: new Date(Date.now() - 3 * 3_600_000).toISOString() });
  await app.host.handlers.updateSettings({ settings: { campusEnabled: true, campusBaseUrl: campus.url }, secrets: { campusApiKey: EMULATOR_CAMPUS_KEYS.good } });
  await app.host.settled();
  await page.setViewportSize(VIEW);
  await page.goto(app.url);
  await expect(page.getByTestId('home-campus-count')).toHaveText('120');
  await shoot(page, 'campus-panel-1280', true);
});
