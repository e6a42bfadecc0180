import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Preview } from '../src/shared/contract/types';
import { difference, dotsOf, drawnDirectly, inkBox } from '../test/encoding/script-raster-helpers';
import { EMULATOR_KEYS, startTranslationEmulator, type TranslationEmulator } from '../test/emulators/translation-api/emulator';
import { seriousViolations } from './support/accessibility';
import { expect, test, type RunningApp } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-translation-window';
const KEY = EMULATOR_KEYS[0]!;
const CHINESE_THANKS = '感谢您的光临';
const ARABIC_THANKS = 'شكرا لزيارتكم';
/** The café receipt's "thank you" line: commands[5] of the designer's sample document. */
const THANKS_BLOCK = 5;

let emulator: TranslationEmulator;

test.beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 500, translatingMs: 4_000 } });
});
test.afterEach(() => emulator.reset());
test.afterAll(() => emulator.close());

/** The app's settings pointing at the emulator, with that key (as the owner would enter them in Settings). */
async function pointAt(app: RunningApp, key: string): Promise<void> {
  await app.host.handlers.updateSettings({ settings: { translationBaseUrl: emulator.url }, secrets: { translationApiKey: key } });
  await app.host.settled();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/** The preview the window asks for next whose document holds `text`. */
function previewWith(page: Page, text: string): Promise<Preview> {
  return page
    .waitForResponse((response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes(text))
    .then(async (response) => ((await response.json()) as { value: Preview }).value);
}

/** The line's ink on the preview is the text itself drawn by the text engine: real glyphs, not `?`. */
function expectLinePrinted(picture: { width: number; height: number; pixels: Uint8Array }, preview: Preview, text: string, direction: 'ltr' | 'rtl'): void {
  const band = preview.image?.blocks.find((block) => block.index === THANKS_BLOCK);
  if (!band) throw new Error('no rows for the thank-you line');
  expect(difference(inkBox(picture, band.top, band.bottom), drawnDirectly(text, direction))).toBeLessThan(0.08);
}

const blocks = (page: Page) => page.getByRole('list', { name: 'Bloques del ticket' });

test.describe('translation in the window', () => {
  test('translates the café receipt to Chinese and Arabic, keeps placeholders, saves both versions and prints one', async ({ page, app }) => {
    await pointAt(app, KEY);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Diseño' }).click();
    await expect(page.getByTestId('preview-image')).toBeVisible();

    // The total line gets the placeholder the POS fills in; the receipt is saved as a template.
    await blocks(page).getByRole('button', { name: /TOTAL 3,70/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Total {{total}}');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Guardar el ticket como plantilla' });
    await nameDialog.getByLabel('Nombre de la plantilla').fill('Café');
    await nameDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('template-name')).toHaveText('Café');

    // Chinese: every text in one batch, the shop's name protected, the placeholder kept.
    await page.getByRole('button', { name: 'Traducir', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Traducir el ticket' });
    await dialog.getByLabel('Traducir al').selectOption('ZH');
    await expect(dialog.getByLabel('Tratamiento')).toBeDisabled();
    await dialog.getByLabel('Nombres que no se traducen').fill('Cafetería Ñandú');
    await dialog.getByRole('button', { name: 'Traducir textos' }).click();
    await expect(dialog.getByLabel('Traducción de «Total {{total}}»')).toHaveValue('[ZH] 总计 {{total}}');
    await expect(dialog.getByLabel('Traducción de «Cafetería Ñandú»')).toHaveValue('[ZH] Cafetería Ñandú');
    await expect(dialog.getByLabel('Traducción de «Producto»')).toHaveValue(/^\[ZH\] /);
    await expect(dialog.getByLabel('Traducción de «Café con leche»')).toHaveValue(/^\[ZH\] /);
    // QR data and prices are not sent: nothing there to translate.
    const sent = emulator.requestsTo('/v2/translate')[0]?.fields['text'];
    expect(JSON.stringify(sent)).not.toContain('example.com');
    expect(JSON.stringify(sent)).not.toContain('1,50');
    await expect(dialog.getByTestId('translate-billed')).toContainText('caracteres facturados');
    // The owner corrects one line.
    await dialog.getByLabel('Traducción de «¡Gracias por su visita!»').fill(CHINESE_THANKS);
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await shoot(page, 'translate-dialog-zh-1280x800.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'translate-dialog-zh-1024x768.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saved as the template's Chinese version, which the designer then shows and previews.
    const chinesePreview = previewWith(page, CHINESE_THANKS);
    await dialog.getByRole('button', { name: 'Guardar como versión en chino' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('variant-banner')).toContainText('versión en chino');
    const preview = await chinesePreview;
    expect(preview.error).toBeNull();
    const [template] = await app.host.handlers.listTemplates();
    expect(JSON.stringify(template?.variants?.['ZH']?.document)).toContain('[ZH] 总计 {{total}}');
    expect(JSON.stringify(template?.document)).toContain('Total {{total}}');
    expect(template?.protectedTerms).toEqual(['Cafetería Ñandú']);
    expectLinePrinted(dotsOf(Buffer.from(preview.image?.base64 ?? '', 'base64')), preview, CHINESE_THANKS, 'ltr');
    await shoot(page, 'designer-variant-zh-1280x800.png');

    // Printed on the virtual printer: its picture of the job shows the translated line too.
    await page.getByRole('button', { name: /^Imprimir/ }).click();
    const notice = page.getByTestId('designer-notice');
    await expect(notice).toHaveText('Ticket enviado a imprimir');
    const id = (await notice.getAttribute('data-job-id')) ?? '';
    await expect.poll(() => app.host.running().service.job(id)?.state).toBe('success');
    const printedPng = path.join(app.host.config().dataDir, 'virtual-printer', `${id}.png`);
    await expect.poll(() => fs.existsSync(printedPng)).toBe(true);
    expectLinePrinted(dotsOf(fs.readFileSync(printedPng)), preview, CHINESE_THANKS, 'ltr');
    fs.copyFileSync(printedPng, path.join(SHOTS, 'virtual-printer-zh.png'));

    // Arabic, from the original (even with the Chinese version open).
    await page.getByRole('button', { name: 'Traducir', exact: true }).click();
    await dialog.getByLabel('Traducir al').selectOption('AR');
    await dialog.getByRole('button', { name: 'Traducir textos' }).click();
    await expect(dialog.getByLabel('Traducción de «Total {{total}}»')).toHaveValue('[AR] المجموع {{total}}');
    await dialog.getByLabel('Traducción de «¡Gracias por su visita!»').fill(ARABIC_THANKS);
    const arabicPreview = previewWith(page, ARABIC_THANKS);
    await dialog.getByRole('button', { name: 'Guardar como versión en árabe' }).click();
    await expect(page.getByTestId('variant-banner')).toContainText('versión en árabe');
    const arabic = await arabicPreview;
    expectLinePrinted(dotsOf(Buffer.from(arabic.image?.base64 ?? '', 'base64')), arabic, ARABIC_THANKS, 'rtl');

    // The switch goes between the original and each version.
    const version = page.getByLabel('Idioma del ticket');
    await version.selectOption('');
    await expect(page.getByTestId('variant-banner')).toHaveCount(0);
    await expect(blocks(page)).toContainText('Total {{total}}');
    await version.selectOption('ZH');
    await expect(page.getByTestId('variant-banner')).toContainText('chino');
    await expect(blocks(page)).toContainText(CHINESE_THANKS);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'designer-variant-zh-1024x768.png');
    await expectNoHorizontalScroll(page);
  });

  test('translates a document with a progress bar and downloads it', async ({ page, app }) => {
    await pointAt(app, KEY);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Traducción' }).click();
    const target = page.getByLabel('Traducir al');
    await expect(target).toBeVisible();

    // A file the service does not take is refused before it is sent.
    const fileInput = page.getByTestId('translation-file-input');
    await fileInput.setInputFiles({ name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByTestId('translation-failure')).toContainText('Ese tipo de archivo no se puede traducir');

    await fileInput.setInputFiles({ name: 'carta.txt', mimeType: 'text/plain', buffer: Buffer.from('Coffee\nThank you\n') });
    await expect(page.getByTestId('translation-file-name')).toHaveText('carta.txt');
    await expect(page.getByTestId('translation-failure')).toHaveCount(0);
    await target.selectOption('DE');
    await page.getByLabel('Tratamiento').selectOption('less');
    await page.getByRole('button', { name: 'Traducir documento' }).click();

    const progress = page.getByTestId('translation-progress');
    await expect(progress).toHaveAttribute('data-phase', 'translating');
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(progress).toContainText(/quedan unos \d+ s/);
    await shoot(page, 'translation-page-progress-1280x800.png');
    const sent = emulator.requestsTo('/v2/document').find((request) => request.path === '/v2/document')?.fields ?? {};
    expect([String(sent['target_lang']).toUpperCase(), sent['formality']]).toEqual(['DE', 'less']);

    const downloadButton = progress.getByRole('button', { name: 'Descargar la traducción de carta.txt' });
    await expect(downloadButton).toBeVisible({ timeout: 30_000 });
    await expect(progress).toContainText('17 caracteres facturados');
    const downloading = page.waitForEvent('download');
    await downloadButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('carta.DE.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe('[DE] Kaffee\n[DE] Danke\n');

    await expect(page.getByTestId('translation-job-carta.txt')).toContainText('Traducido');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByTestId('translation-usage')).toContainText('Caracteres de la cuenta en este periodo');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'translation-page-done-1280x800.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoHorizontalScroll(page);
    await shoot(page, 'translation-page-done-1024x768.png');
  });

  test('a refused key is said in the window language with the trace id for support', async ({ page, app }) => {
    await pointAt(app, 'wrong-key-for-this-account-000');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Traducción' }).click();
    const failure = page.getByRole('region', { name: 'Traducir un documento' }).getByTestId('translation-failure');
    await expect(failure).toContainText('El servicio de traducción rechazó la clave. Compruébela en Ajustes.');
    const refusedTraces = emulator.requests.filter((request) => request.status === 403).map((request) => request.traceId);
    const shownTrace = ((await failure.getByTestId('translation-trace-id').textContent()) ?? '').replace('ID de traza para soporte: ', '');
    expect(refusedTraces).toContain(shownTrace);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'translation-page-key-refused-1280x800.png');

    // In English the same failure is said in English, in the designer's dialog too.
    await app.host.handlers.updateSettings({ settings: { language: 'en' } });
    await app.host.settled();
    await page.reload();
    await page.getByRole('tab', { name: 'Designer' }).click();
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Translate the receipt' });
    await expect(dialog.getByTestId('translation-failure')).toContainText('The translation service refused the key. Check it in Settings.');
    await expect(dialog.getByTestId('translation-trace-id')).toContainText(/^Trace ID for support: emu/);
    await expect(dialog).not.toContainText('Authorization failure');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await shoot(page, 'translate-dialog-key-refused-en-1280x800.png');
  });

  test('without a key the page says so and leads to Settings', async ({ page, app }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Traducción' }).click();
    await expect(page.getByTestId('translation-no-key')).toContainText('Falta la clave de traducción');
    await expect(page.getByRole('button', { name: 'Traducir documento' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'translation-page-no-key-1024x768.png');
    await page.getByRole('button', { name: 'Ir a Ajustes' }).click();
    await expect(page.getByRole('tab', { name: 'Ajustes' })).toHaveAttribute('aria-selected', 'true');
  });
});
