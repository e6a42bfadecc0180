import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { EMULATOR_ADMIN_KEYS, startTranslationEmulator, type TranslationEmulator } from '../test/emulators/translation-api/emulator';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { seriousViolations } from './support/accessibility';
import { foreignTextsShown } from './support/language-check';
import { expect, test, type RunningApp } from './support/app-fixture';

const SHOTS = '/tmp/shots-admin';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;
const ADMIN_KEY = EMULATOR_ADMIN_KEYS[0]!;
/** A fixed month, so the emulator's seeded numbers (and the screenshots) are the same on every run. */
const RANGE = { from: '2026-10-01', to: '2026-10-31' };

let emulator: TranslationEmulator;
test.beforeAll(async () => {
  emulator = await startTranslationEmulator({ tagPageSize: 5 });
});
test.afterAll(() => emulator.close());
test.beforeEach(() => emulator.reset());

async function withAdminKey(app: RunningApp): Promise<void> {
  await app.host.handlers.updateSettings({ settings: { adminBaseUrl: emulator.url }, secrets: { adminApiKey: ADMIN_KEY } });
  await app.host.settled();
}

async function openAdmin(page: Page, app: RunningApp, size: { width: number; height: number } = SIZES[0]): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Administración' }).click();
  await expect(page.getByRole('heading', { name: 'Administración de la cuenta de traducción' })).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The top of the page, with no chart tooltip open under a pointer left over it.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Charts follow their box's size a frame after the window changes: wait for the page to settle, not for a time.
  const fits = (): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(fits, { message: `${name} at ${size.width}` }).toBe(true);
    // What the window shows at that size, and the whole page below it.
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, animations: 'disabled' });
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}-full.png`, fullPage: true, animations: 'disabled' });
  }
  // The smallest window the app supports still never scrolls sideways.
  await page.setViewportSize({ width: 800, height: 600 });
  await expect.poll(fits, { message: `${name} at 800` }).toBe(true);
  await page.setViewportSize(SIZES[0]);
}

/** The service's report, asked directly (not through the app): what the page must agree with. */
async function emulatorReport<T>(path: string): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, { headers: { Authorization: `DeepL-Auth-Key ${ADMIN_KEY}` } });
  return (await response.json()) as T;
}

const es = new Intl.NumberFormat('es');

test.describe('the Administration page', () => {
  test('creates, renames, limits and deactivates a developer key', async ({ page, app }) => {
    await withAdminKey(app);
    await openAdmin(page, app);
    const active = page.getByTestId('active-keys');
    await expect(active.getByTestId('key-row')).toHaveCount(2);
    await expect(page.getByTestId('deactivated-keys')).toContainText('Tablet antigua');
    await expect(active).toContainText('Caracteres: 500.000');
    await expect(active).toContainText('Voz a texto: 60 min');
    await shoot(page, 'keys');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Etiqueta de la nueva clave').fill('Caja terraza');
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('Clave «Caja terraza» creada.');
    await expect(active.getByTestId('key-row')).toHaveCount(3);
    const created = emulator.adminKeys.list().find((key) => key.label === 'Caja terraza');
    expect(created).toBeDefined();

    // Renamed where it is shown; Enter saves.
    await page.getByRole('button', { name: 'Renombrar «Caja terraza»' }).click();
    const labelInput = page.getByLabel('Nueva etiqueta de «Caja terraza»');
    await labelInput.fill('Caja de la terraza');
    await labelInput.press('Enter');
    await expect(page.getByTestId('admin-notice').filter({ hasText: 'Clave renombrada a «Caja de la terraza».' })).toBeVisible();
    expect(emulator.adminKeys.list().find((key) => key.key_id === created!.key_id)?.label).toBe('Caja de la terraza');

    // Limits in characters and in minutes; the service keeps milliseconds.
    await page.getByRole('button', { name: 'Límites de «Caja de la terraza»' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Límites mensuales de «Caja de la terraza»');
    await dialog.getByRole('checkbox', { name: 'Sin límite' }).first().uncheck();
    await dialog.getByLabel('Caracteres al mes').fill('250000');
    await dialog.getByRole('checkbox', { name: 'Sin límite' }).last().uncheck();
    await dialog.getByLabel('Minutos de voz a texto al mes').fill('12,5');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    expect(emulator.adminKeys.list().find((key) => key.key_id === created!.key_id)?.usage_limits).toEqual({ characters: 250_000, speech_to_text_milliseconds: 750_000 });
    const row = active.getByTestId('key-row').filter({ hasText: 'Caja de la terraza' });
    await expect(row.getByTestId('key-limits')).toHaveText('Caracteres: 250.000Voz a texto: 12,5 min');

    // And removed again.
    await page.getByRole('button', { name: 'Límites de «Caja de la terraza»' }).click();
    await dialog.getByRole('checkbox', { name: 'Sin límite' }).first().check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(row.getByTestId('key-limits')).toHaveText('Caracteres: sin límiteVoz a texto: 12,5 min');
    expect(emulator.adminKeys.list().find((key) => key.key_id === created!.key_id)?.usage_limits.characters).toBeNull();

    // Deactivating says it is permanent before doing it.
    await page.getByRole('button', { name: 'Desactivar «Caja de la terraza»' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('¿Desactivar «Caja de la terraza» para siempre?');
    await expect(confirm).toContainText('Es permanente');
    await expect(confirm).toContainText(created!.key_id);
    expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Desactivar para siempre' }).click();
    await expect(confirm).toBeHidden();
    await expect(active.getByTestId('key-row')).toHaveCount(2);
    await expect(page.getByTestId('deactivated-keys').getByTestId('deactivated-key-row')).toHaveCount(2);
    await expect(page.getByTestId('deactivated-keys')).toContainText('Caja de la terraza');
    expect(emulator.adminKeys.list().find((key) => key.key_id === created!.key_id)?.is_deactivated).toBe(true);
  });

  test('shows the usage of a range with totals equal to the report, pages through custom tags and exports CSV', async ({ page, app }) => {
    await withAdminKey(app);
    await openAdmin(page, app);
    await page.getByRole('tab', { name: 'Uso' }).click();
    // A preset ending today is chosen at first.
    await expect(page.getByRole('button', { name: 'Este mes' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByLabel('Desde').fill(RANGE.from);
    await page.getByLabel('Hasta').fill(RANGE.to);
    await expect(page.getByRole('button', { name: 'Este mes' })).toHaveAttribute('aria-pressed', 'false');
    const { usage_report: report } = await emulatorReport<{ usage_report: { total_usage: Record<string, number> } }>(`/v2/admin/analytics?start_date=${RANGE.from}&end_date=${RANGE.to}`);
    await expect(page.getByTestId('total-totalCharacters')).toHaveText(es.format(report.total_usage['total_characters']!));
    await expect(page.getByTestId('total-textTranslationCharacters')).toHaveText(es.format(report.total_usage['text_translation_characters']!));
    await expect(page.getByTestId('total-documentTranslationCharacters')).toHaveText(es.format(report.total_usage['document_translation_characters']!));
    await expect(page.getByTestId('total-textImprovementCharacters')).toHaveText(es.format(report.total_usage['text_improvement_characters']!));
    await expect(page.getByTestId('total-speechToTextMinutes')).toHaveText(new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(report.total_usage['speech_to_text_minutes']!));
    await expect(page.getByTestId('chart-per-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('chart-speech').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('chart-per-key')).toContainText('Caja principal');
    await expect(page.getByTestId('chart-per-key')).toContainText('Tienda online');
    await expect(page.getByTestId('usage-rows-range')).toHaveText(/^1–31 de \d+$/);

    // The custom tags, every page of the service, ten rows at a time in the window.
    const tagReport = await allTagPages();
    await expect(page.getByTestId('tags-pages')).toHaveText(`Leídas ${tagReport.pages} páginas del servicio.`);
    const seen: string[] = [];
    const tagsTable = page.getByTestId('tags-table');
    for (;;) {
      await expect(tagsTable.locator('tbody tr').first()).toBeVisible();
      seen.push(...(await tagsTable.locator('tbody tr td:first-child').allTextContents()));
      const next = page.getByRole('navigation', { name: 'Uso por etiqueta personalizada' }).getByRole('button', { name: 'Página siguiente' });
      if (await next.isDisabled()) break;
      const range = await page.getByTestId('tags-rows-range').textContent();
      await next.click();
      await expect(page.getByTestId('tags-rows-range')).not.toHaveText(range ?? '');
    }
    expect(seen).toEqual(tagReport.tags);
    await shoot(page, 'usage');
    expect(await seriousViolations(page)).toEqual([]);

    // Export: the file the browser saves is the CSV of what the table shows, adding up to the report's total.
    const [usageFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar uso (CSV)' }).click()]);
    expect(usageFile.suggestedFilename()).toBe(`uso-${RANGE.from}-${RANGE.to}.csv`);
    const lines = fs.readFileSync((await usageFile.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('api_key,api_key_label,usage_date,total_characters,text_translation_characters,document_translation_characters,text_improvement_characters,speech_to_text_minutes');
    expect(lines.slice(1, -1).reduce((sum, line) => sum + Number(line.split(',')[3]), 0)).toBe(report.total_usage['total_characters']);
    const [tagsFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar etiquetas (CSV)' }).click()]);
    expect(fs.readFileSync((await tagsFile.path())!, 'utf8').split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(tagReport.tags);
  });

  test('keeps the 366-day rule in the picker, groups the table by key, and shows an empty range as such', async ({ page, app }) => {
    await withAdminKey(app);
    await openAdmin(page, app);
    await page.getByRole('tab', { name: 'Uso' }).click();
    await page.getByLabel('Desde').fill('2025-01-01');
    const usageAsked = (): number => emulator.requests.filter((request) => request.path === '/v2/admin/analytics').length;
    const asked = usageAsked();
    await page.getByLabel('Hasta').fill('2026-01-02');
    await expect(page.getByText('Como máximo 366 días: la fecha final puede ser hasta el 1 ene 2026.')).toBeVisible();
    // The end past the 366th day is marked on its field.
    await expect(page.getByLabel('Hasta')).toHaveAttribute('aria-invalid', 'true');
    expect(usageAsked()).toBe(asked);

    await page.getByLabel('Hasta').fill('2025-01-31');
    await expect(page.getByTestId('total-totalCharacters')).toBeVisible();
    await page.getByLabel('Tabla agrupada por').selectOption({ label: 'Clave' });
    // January 2025: the old tablet still worked (deactivated on the 31st), the web shop did not exist yet.
    await expect(page.getByTestId('usage-table').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('usage-table')).toContainText('Tablet antigua');
    await expect(page.getByTestId('usage-table')).not.toContainText('Tienda online');

    // Before any key existed there was nothing to count.
    await page.getByLabel('Desde').fill('2023-01-01');
    await page.getByLabel('Hasta').fill('2023-01-31');
    await expect(page.getByTestId('usage-empty')).toHaveText('No hubo uso entre el 1 ene 2023 y el 31 ene 2023.');
  });

  test('says where to set the admin key when there is none, and gives the trace id when the service fails', async ({ page, app }) => {
    // Without a key the page shows only once Administración is switched on (an optional service, issue 24).
    await app.host.handlers.updateSettings({ settings: { adminEnabled: true } });
    await openAdmin(page, app);
    await expect(page.getByTestId('admin-trouble')).toContainText('No hay clave de administración');
    await expect(page.getByTestId('admin-trouble')).toContainText('Guarde la clave de administrador de la organización en Ajustes');
    await shoot(page, 'no-key');

    await withAdminKey(app);
    emulator.failNext({ status: 500, path: '/v2/admin/developer-keys', times: 3 });
    await page.getByRole('tabpanel').getByRole('button', { name: 'Actualizar' }).click();
    const trouble = page.getByTestId('admin-trouble');
    await expect(trouble).toContainText('El servicio de administración falló. Vuelva a probar más tarde.', { timeout: 15_000 });
    const traceId = emulator.requestsTo('/v2/admin/developer-keys').at(-1)?.traceId;
    await expect(page.getByTestId('admin-trace-id')).toHaveText(`ID de traza para soporte: ${traceId}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('speaks English only when the window is in English, charts and dialogs included', async ({ page, app }) => {
  await withAdminKey(app);
  await app.host.handlers.updateSettings({ settings: { language: 'en' } });
  const en = LOCALES.en;
  await page.setViewportSize(SIZES[0]);
  await page.goto(app.url);
  await page.getByRole('tab', { name: en.admin }).click();
  await expect(page.getByTestId('active-keys')).toContainText('Characters: 500,000');
  expect(await foreignTextsShown(page, 'en')).toEqual([]);
  await page.getByRole('button', { name: 'Deactivate “Caja principal”' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This is permanent');
  expect(await foreignTextsShown(page, 'en')).toEqual([]);
  await page.getByRole('alertdialog').getByRole('button', { name: en.cancel }).click();
  await page.getByRole('tab', { name: en.adminTabUsage }).click();
  await page.getByLabel(en.rangeFrom, { exact: true }).fill(RANGE.from);
  await page.getByLabel(en.rangeTo, { exact: true }).fill(RANGE.to);
  await expect(page.getByTestId('total-totalCharacters')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(page.getByTestId('tags-table')).toBeVisible();
  expect(await foreignTextsShown(page, 'en')).toEqual([]);
});

/** Every page of the emulator's custom-tag report for RANGE, as the service gives it. */
async function allTagPages(): Promise<{ pages: number; tags: string[] }> {
  const tags: string[] = [];
  let page: number | null = 1;
  let pages = 0;
  while (page !== null) {
    const answer: { custom_tag_usage_report: { next_page: number | null; usage: { custom_tag: string }[] } } = await emulatorReport(
      `/v2/admin/analytics/custom-tags?start_date=${RANGE.from}&end_date=${RANGE.to}&page=${page}`,
    );
    pages += 1;
    tags.push(...answer.custom_tag_usage_report.usage.map((row) => row.custom_tag));
    page = answer.custom_tag_usage_report.next_page;
  }
  return { pages, tags };
}
