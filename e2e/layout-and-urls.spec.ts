import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility';
import { expect, test, type RunningApp } from './support/app-fixture';

/** Issue 24, "layout": one left edge and width for every page, menu tooltips, filters that wrap, URLs, toasts. */
const SHOTS = '/tmp/shots-layout';
const SIZES = [
  { width: 800, height: 600 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const MENU = [
  ['Inicio', 'home'],
  ['Diseño', 'designer'],
  ['Impresoras', 'printers'],
  ['Trabajos', 'jobs'],
  ['Traducción', 'translation'],
  ['Ajustes', 'settings'],
] as const;
const PAGE_ROOT = "main > fieldset > :is(.page, .designer, [data-testid='home-page'])";
const ticket = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }, { type: 'cut' }] });

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function printed(app: RunningApp, text: string): Promise<string> {
  const { id } = await app.host.handlers.submitJob({ document: ticket(text) });
  await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
  return id;
}

test('every page has its own URL and the browser’s Back and Forward move between pages', async ({ page, app }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(app.url);
  await expect(page.getByTestId('home-page')).toBeVisible();
  for (const [name, key] of [MENU[3], MENU[2], MENU[5]]) {
    await page.getByRole('tab', { name }).click();
    await expect(page).toHaveURL(new RegExp(`#/${key}$`));
  }
  await page.goBack();
  await expect(page).toHaveURL(/#\/printers$/);
  await expect(page.getByRole('tab', { name: 'Impresoras' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Trabajos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.jobs-page')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goForward();
  await expect(page.locator('.jobs-page')).toBeVisible();
  // A page's URL opens that page directly (a bookmark, a reload).
  await page.goto(`${app.url}#/settings`);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Ajustes' })).toHaveAttribute('aria-selected', 'true');
});

test('Back from the designer with unsaved changes asks first: Keep editing stays (URL too), Discard changes goes back', async ({ page, app }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page).toHaveURL(/#\/designer$/);
  await page.getByRole('list', { name: 'Bloques del ticket' }).getByRole('button', { name: /Cafetería Ñandú/ }).click();
  await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe');
  await expect(page.getByTestId('unsaved-badge')).toBeVisible();
  await page.goBack();
  const question = page.getByRole('alertdialog', { name: '¿Guardar los cambios?' });
  await question.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/#\/designer$/);
  await expect(page.getByRole('tab', { name: 'Diseño' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await question.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page).not.toHaveURL(/designer/);
});

test('one left edge and width for every page at 800, 1024, 1366 and 1920 px; nothing runs off the side', async ({ page, app }) => {
  await page.goto(app.url);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const edges = new Set<string>();
    for (const [name, key] of MENU) {
      await page.getByRole('tab', { name }).click();
      await expect(page).toHaveURL(key === 'home' ? /\/(#\/home)?$/ : new RegExp(`#/${key}$`));
      const root = await box(page.locator(PAGE_ROOT));
      edges.add(`${Math.round(root.x)}:${Math.round(root.width)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${key} at ${size.width}`).toBe(true);
    }
    expect([...edges], `left edge:width of every page at ${size.width}`).toHaveLength(1);
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('tab', { name: 'Inicio' }).click();
  await shoot(page, 'home-1920');
  await page.getByRole('tab', { name: 'Trabajos' }).click();
  await shoot(page, 'jobs-1920');
});

test('the icon-only menu (800–1024 px) names each page in a tooltip', async ({ page, app }) => {
  await page.goto(app.url);
  // Fluent Tooltip content (for eyes only: the tab keeps its hidden label as its accessible name).
  const tooltip = page.locator('.fui-Tooltip__content');
  for (const width of [800, 960, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    const tab = page.getByRole('tab', { name: 'Trabajos' });
    // Fluent draws a tab's content twice (the second reserves the bold width): the first is the one seen.
    const labelWidth = await tab.locator('.app-nav-label').first().evaluate((node) => node.getBoundingClientRect().width);
    await tab.hover();
    if (labelWidth <= 1) await expect(tooltip, `tooltip at ${width}`).toHaveText('Trabajos');
    else expect(labelWidth, `the name is written out at ${width}`).toBeGreaterThan(20);
    await page.mouse.move(700, 500);
    await expect(tooltip).toHaveCount(0);
  }
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByRole('tab', { name: 'Impresoras' }).hover();
  await expect(tooltip).toHaveText('Impresoras');
  await shoot(page, 'menu-tooltip-800');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Jobs filters wrap inside the page at 800×600', async ({ page, app }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`${app.url}#/jobs`);
  const filters = page.getByRole('search');
  await expect(filters).toBeVisible();
  const area = await box(page.locator(PAGE_ROOT));
  // The controls themselves, not only their fields: a <select> as wide as its longest option ran past the edge.
  const controls = filters.locator('select, input, button');
  const tops = new Set<number>();
  for (let index = 0; index < (await controls.count()); index += 1) {
    const control = await box(controls.nth(index));
    expect(control.x + control.width, `filter control ${index}`).toBeLessThanOrEqual(area.x + area.width + 0.5);
    tops.add(Math.round(control.y));
  }
  expect(tops.size).toBeGreaterThan(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot(page, 'jobs-filters-800');
});

test('toasts appear in one place and never cover a dialog’s buttons (800×600)', async ({ page, app }) => {
  const id = await printed(app, 'Café solo 1,10 €');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`${app.url}#/jobs`);
  await page.getByTestId(`job-${id}`).getByRole('button', { name: 'Detalles' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reimprimir' }).click();
  // A busy till: more results than fit, a second apart so each gets its toast.
  for (let n = 0; n < 3; n += 1) {
    await printed(app, `Mesa ${n}`);
    await page.waitForTimeout(1100);
  }
  const toasts = page.locator('.fui-Toast');
  await expect(toasts.first()).toBeVisible();
  const shown = await toasts.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(2);
  const buttons = dialog.getByRole('button');
  const rights = new Set<number>();
  for (let index = 0; index < shown; index += 1) {
    const toast = await box(toasts.nth(index));
    rights.add(Math.round(toast.x + toast.width));
    for (let b = 0; b < (await buttons.count()); b += 1) {
      const button = buttons.nth(b);
      if (!(await button.isVisible())) continue;
      expect(overlaps(toast, await box(button)), `toast ${index} over "${await button.textContent()}"`).toBe(false);
    }
  }
  expect(rights.size, 'every toast in one column').toBe(1);
  await shoot(page, 'toasts-dialog-800');
  // Home's "copied" toast comes out in the same place.
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('tab', { name: 'Inicio' }).click();
  await page.getByTestId('home-copy-address').click();
  const copied = page.locator('.fui-Toast').filter({ hasText: /copiad/i }).first();
  await expect(copied).toBeVisible({ timeout: 15_000 });
  const copiedBox = await box(copied);
  expect(Math.round(copiedBox.x + copiedBox.width)).toBe([...rights][0]);
});
