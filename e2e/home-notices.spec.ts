import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { EMULATOR_ADMIN_KEYS, startTranslationEmulator, type TranslationEmulator } from '../test/emulators/translation-api/emulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';

/**
 * Issue 24, round 3: toasts in one place (a newer one of a kind replaces the older, the owner's confirmation never
 * waits, no toast over a dialog's controls), admin dates in the window's language, the first-run guide greyed while
 * the service is away, and "printed today" counting the tickets that came out today.
 */
const SHOTS = '/tmp/shots-notices';
const ticket = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }, { type: 'cut' }] });
type Box = { x: number; y: number; width: number; height: number };

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  const found: Box[] = [];
  for (let index = 0; index < (await locator.count()); index += 1) {
    const box = await locator.nth(index).boundingBox().catch(() => null);
    if (box && box.width > 0 && box.height > 0) found.push(box);
  }
  return found;
}

/** Every control of the open dialog a toast covers, by its text or name (none expected). */
async function coveredControls(page: Page): Promise<string[]> {
  const toasts = await boxes(page.locator('.fui-Toast'));
  const controls = page.getByRole('dialog').locator('button, input, select, textarea, [role="tab"], [role="combobox"]');
  const covered: string[] = [];
  for (let index = 0; index < (await controls.count()); index += 1) {
    const control = controls.nth(index);
    const box = await control.boundingBox().catch(() => null);
    if (!box || box.width === 0) continue;
    if (toasts.some((toast) => overlaps(toast, box))) covered.push((await control.textContent()) || ((await control.getAttribute('aria-label')) ?? '?'));
  }
  return covered;
}

/** Whether every toast is seen, not hidden under a dialog's surface or backdrop: its middle is its own. */
async function toastsOnTop(page: Page): Promise<boolean[]> {
  return page.locator('.fui-Toast').evaluateAll((toasts) =>
    toasts.map((toast) => {
      const box = toast.getBoundingClientRect();
      return toast.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    }),
  );
}

async function printed(app: RunningApp, text: string): Promise<string> {
  const { id } = await app.host.handlers.submitJob({ document: ticket(text) });
  await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
  return id;
}

test.describe('toasts', () => {
  test('the Printers page notices show in the one toaster at once, a newer one replacing the older', async ({ page, app }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${app.url}#/printers`);
    const row = page.getByTestId('printer-Ticketera Virtual Printer');
    // A print result is up (another kind): the owner's own confirmation shows beside it, not after it.
    await printed(app, 'Café solo 1,10 €');
    await expect(page.getByTestId('print-toast')).toBeVisible();
    await row.getByRole('button', { name: /Imprimir una página de prueba/ }).click();
    const notices = page.getByTestId('printers-notice');
    await expect(notices).toHaveCount(1);
    await expect(notices).toContainText('Página de prueba enviada');
    // The test page's own result replaces the earlier one: one print toast, not two.
    await expect.poll(() => app.host.running().service.recentJobs(5).filter((job) => job.state === 'success').length, { timeout: 20_000 }).toBe(2);
    await expect(page.getByTestId('print-toast')).toHaveCount(1);
    // Again: still one notice (the newer), and every toast in the same, single column.
    await row.getByRole('button', { name: /Imprimir una página de prueba/ }).click();
    await expect(notices).toHaveCount(1);
    await expect(page.locator('[data-toaster-position]')).toHaveCount(1);
    const rights = new Set((await boxes(page.locator('.fui-Toast'))).map((box) => Math.round(box.x + box.width)));
    expect(rights.size).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'printers-toast-1024');
  });

  for (const size of [
    { width: 800, height: 600 },
    { width: 1024, height: 768 },
  ]) {
    test(`toasts arriving while a dialog is open stay clear of its controls (${size.width}×${size.height})`, async ({ page, app }) => {
      await page.setViewportSize(size);
      await page.goto(`${app.url}#/printers`);
      await page.getByTestId('printer-Ticketera Virtual Printer').getByRole('button', { name: /Imprimir una página de prueba/ }).click();
      await expect(page.getByTestId('printers-notice')).toBeVisible();
      await page.getByRole('button', { name: 'Añadir impresora' }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Results and a notice while the dialog is open.
      for (let n = 0; n < 2; n += 1) await printed(app, `Mesa ${n}`);
      await expect(page.getByTestId('print-toast')).toBeVisible();
      await expect.poll(() => coveredControls(page), { timeout: 5000 }).toEqual([]);
      // Seen: above the dialog, the notice from before it opened included.
      await expect.poll(() => toastsOnTop(page)).toEqual([true, true]);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `dialog-toasts-${size.width}`);
      // The Jobs detail dialog, taller: its reprint's notice and result too.
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      const id = await printed(app, 'Tostada 2,20 €');
      await page.getByRole('tab', { name: 'Trabajos' }).click();
      await page.getByTestId(`job-${id}`).getByRole('button', { name: 'Detalles' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reimprimir' }).click();
      await expect(page.getByTestId('jobs-notice')).toBeVisible();
      await expect.poll(() => coveredControls(page), { timeout: 5000 }).toEqual([]);
      await expect.poll(async () => (await toastsOnTop(page)).every(Boolean)).toBe(true);
      await shoot(page, `jobs-dialog-toasts-${size.width}`);
    });
  }
});

test.describe('admin usage range', () => {
  let emulator: TranslationEmulator;
  test.beforeAll(async () => {
    emulator = await startTranslationEmulator({ tagPageSize: 5 });
  });
  test.afterAll(() => emulator.close());

  test('days are written as the window writes them, typed so too, with the 366-day rule kept', async ({ page, app }) => {
    await app.host.handlers.updateSettings({ settings: { adminBaseUrl: emulator.url }, secrets: { adminApiKey: EMULATOR_ADMIN_KEYS[0]! } });
    await app.host.settled();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Administración' }).click();
    await page.getByRole('tab', { name: 'Uso' }).click();
    const from = page.getByLabel('Desde');
    const to = page.getByLabel('Hasta');
    // This month, as a Spanish owner writes days: 01/11/2026, not 2026-11-01 or 11/01/2026.
    const now = new Date();
    const month = String(now.getMonth() + 1).padStart(2, '0');
    await expect(from).toHaveValue(`01/${month}/${now.getFullYear()}`);
    await expect(to).toHaveValue(`${String(now.getDate()).padStart(2, '0')}/${month}/${now.getFullYear()}`);

    await from.fill('15/10/2025');
    await to.fill('31/10/2025');
    await expect.poll(() => emulator.requests.some((request) => request.path === '/v2/admin/analytics' && request.query.start_date === '2025-10-15' && request.query.end_date === '2025-10-31')).toBe(true);
    // Past the 366th day: marked, with the last day allowed, and nothing asked.
    await to.fill('16/10/2026');
    await expect(page.getByText('Como máximo 366 días: la fecha final puede ser hasta el 15 oct 2026.')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    // A day typed the computer's way is shown the owner's way once the field is left.
    await to.fill('2025-12-31');
    await to.blur();
    await expect(to).toHaveValue('31/12/2025');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-range-1024');

    // In English, the English order.
    await app.host.handlers.updateSettings({ settings: { language: 'en' } });
    await page.reload();
    await page.getByRole('tab', { name: 'Administration' }).click();
    await page.getByRole('tab', { name: 'Usage' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${month}/01/${now.getFullYear()}`);
  });
});

test('while the service is stopped, the first-run guide greys its steps with the time of the last reading', async ({ page, built }) => {
  expect(built).toBe(true);
  const app = await startApp();
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    const guide = page.getByTestId('home-guide');
    await expect(guide).toBeVisible();
    // Step 2 done: the test page came out.
    await guide.getByRole('button', { name: 'Imprimir página de prueba' }).click();
    await expect(guide.getByText('Hecho').first()).toBeVisible({ timeout: 20_000 });
    await expect(guide).toHaveAttribute('data-stale', 'false');
    await app.host.stop();
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline', { timeout: 8000 });
    await expect(guide).toHaveAttribute('data-stale', 'true');
    await expect(guide.getByTestId('stale-note')).toContainText(/Sin conexión: valores de la última lectura, \d/);
    // The green "done" is grey now: no colour in what it shows.
    expect(await guide.evaluate((node) => getComputedStyle(node).filter)).toContain('grayscale');
    // The warnings above the cards too (no coloured "all good" or "no thermal printer" from an old reading).
    await expect(page.getByTestId('home-warnings')).toHaveAttribute('data-stale', 'true');
    expect(await page.getByTestId('home-warnings').evaluate((node) => getComputedStyle(node).filter)).toContain('grayscale');
    await shoot(page, 'home-guide-offline-1024');
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});

test("Home's printed today counts the tickets printed today: a reprint of yesterday's and one sent before midnight", async ({ page, app }) => {
  const journal = app.host.running().service.journal;
  const midnight = new Date(new Date().setHours(0, 0, 0, 0)).getTime();
  const add = (id: string, at: number): void => {
    const datos = ticket(id);
    journal.insertMany([{ id, datos, requestedPrinter: null, datosJson: JSON.stringify(datos) }], at);
  };
  // Yesterday's ticket, printed yesterday, reprinted today.
  add('ayer-mesa-3', midnight - 3 * 3_600_000);
  journal.markPrinting('ayer-mesa-3', 'virtual', midnight - 3 * 3_600_000);
  journal.markFinished('ayer-mesa-3', 'success', 'Print completed in 12ms', midnight - 3 * 3_600_000);
  // Sent a minute before midnight, printed now.
  add('antes-de-medianoche', midnight - 60_000);
  journal.markPrinting('antes-de-medianoche', 'virtual');
  journal.markFinished('antes-de-medianoche', 'success', 'Print completed in 12ms');
  expect(await app.host.handlers.reprintJob({ id: 'ayer-mesa-3' })).toMatchObject({ ok: true });
  await expect.poll(() => app.host.running().service.job('ayer-mesa-3')?.state, { timeout: 20_000 }).toBe('success');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await expect(page.getByTestId('home-printed-today')).toHaveText('2');
  // The service's count says the same.
  expect((await app.host.handlers.jobCounts({ since: midnight })).success).toBe(2);
});
