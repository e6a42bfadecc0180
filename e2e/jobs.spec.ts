import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CANCELLED_TEXT } from '../src/shared/contract/types';
import { seriousViolations } from './support/accessibility';
import { expect, test, type RunningApp } from './support/app-fixture';

const SHOTS = '/tmp/shots-jobs';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

const ticket = (...lines: string[]) => ({ version: '1.0', commands: [...lines.map((text) => ({ type: 'text', data: { text } })), { type: 'cut' }] });

/** `yyyy-mm-dd` of a local day, as `<input type="date">` takes it. */
function localDay(offsetDays = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function printed(app: RunningApp, documents: unknown[]): Promise<string[]> {
  const ids: string[] = [];
  for (const document of documents) ids.push((await app.host.handlers.submitJob({ document })).id);
  await expect.poll(() => ids.every((id) => ['success', 'error'].includes(app.host.running().service.job(id)?.state ?? '')), { timeout: 20_000 }).toBe(true);
  return ids;
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, animations: 'disabled' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${size.width}`).toBe(true);
  }
}

test.describe('the Jobs page a shop owner can use', () => {
  test('searches the words of a ticket, filters by state, printer and day, pages, and keeps all that as jobs arrive', async ({ page, app }) => {
    const others = Array.from({ length: 21 }, (_, n) => ticket(`Mesa ${n + 1}`, 'Agua 1,20 €'));
    await printed(app, [ticket('CAFÉ CON LECHE', '1,50 €'), ticket('Tostada'), ticket('Café con leche y churros'), { version: '1.0', commands: [{ type: 'hologram' }] }, ...others]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Trabajos' }).click();

    const range = page.getByTestId('jobs-range');
    await expect(range).toHaveText('1–20 de 25');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(range).toHaveText('21–25 de 25');
    await expect(page.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    // Words of the ticket, whatever the case and accents.
    const search = page.getByLabel('Buscar por id o texto');
    await search.fill('cafe con LECHE');
    await expect(range).toHaveText('1–2 de 2');
    await expect(page.getByRole('table')).toContainText('Impreso');

    // A new ticket that matches shows up by itself, with the search kept.
    await printed(app, [ticket('Café con leche para llevar')]);
    await expect(range).toHaveText('1–3 de 3');
    await expect(search).toHaveValue('cafe con LECHE');
    await shoot(page, 'jobs-search');

    await search.fill('');
    await page.getByLabel('Estado').selectOption('error');
    await expect(range).toHaveText('1–1 de 1');
    await expect(page.getByRole('table')).toContainText('El ticket tiene un comando desconocido');
    await page.getByLabel('Estado').selectOption('all');

    // The ticket that could not be encoded never reached a printer: the virtual printer has the other 25.
    const printer = page.getByLabel('Impresora', { exact: true });
    await printer.selectOption({ label: 'Impresora virtual' });
    await expect(range).toHaveText('1–20 de 25');
    await printer.selectOption({ label: 'Todas las impresoras' });
    await expect(range).toHaveText('1–20 de 26');

    await page.getByLabel('Desde el día').fill(localDay(1));
    await expect(page.getByText('Ningún trabajo coincide con la búsqueda.')).toBeVisible();
    await page.getByLabel('Desde el día').fill(localDay(0));
    await expect(range).toHaveText('1–20 de 26');
    await page.getByLabel('Hasta el día').fill(localDay(-1));
    await expect(page.getByText('Es anterior a «Desde el día».')).toBeVisible();
    await page.getByLabel('Hasta el día').fill(localDay(0));
    await expect(range).toHaveText('1–20 de 26');

    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page.getByLabel('Desde el día')).toHaveValue('');
    await expect(range).toHaveText('1–20 de 26');
    await shoot(page, 'jobs-list');
  });

  test('a job in detail: its preview, what happened and when, reprint; a queued one cancelled after confirming', async ({ page, app }) => {
    const [id = ''] = await printed(app, [ticket('Tostada con tomate', 'Total 2,40 €')]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    await page.getByTestId(`job-${id}`).getByRole('button', { name: 'Detalles' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('preview-image')).toBeVisible();
    await expect(dialog.getByTestId('timeline-queued')).toContainText('Entró en la cola');
    await expect(dialog.getByTestId('timeline-started')).toContainText('Empezó a imprimir');
    await expect(dialog.getByTestId('timeline-finished')).toContainText('Terminó: impreso');
    await expect(dialog).toContainText('Impresora virtual');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'jobs-detail');

    await dialog.getByRole('button', { name: 'Reimprimir' }).click();
    await expect(page.getByTestId('jobs-notice').getByText('Reimpresión en cola', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('job-print-2')).toContainText('Impresión 2 de 2');
    await expect(dialog.getByTestId('job-timeline').getByTestId('timeline-finished')).toContainText('Terminó: impreso');
    expect(app.host.running().service.job(id)?.reprints).toBe(1);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // With printing paused a ticket stays queued: the owner cancels it before it prints.
    await app.host.handlers.setPaused({ paused: true });
    const { id: waiting } = await app.host.handlers.submitJob({ document: ticket('Bocadillo equivocado') });
    const row = page.getByTestId(`job-${waiting}`);
    await expect(row).toContainText('En cola');
    await expect(row.getByRole('button', { name: 'Reimprimir' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Detalles' }).click();
    await expect(dialog.getByTestId('timeline-waiting')).toContainText('Esperando su turno');
    await dialog.getByRole('button', { name: 'Cancelar trabajo' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('No se imprimirá');
    expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
    await shoot(page, 'jobs-cancel-confirm');
    await confirm.getByRole('button', { name: 'Sí, cancelarlo' }).click();
    await expect(page.getByTestId('jobs-notice').getByText('Trabajo cancelado: no se imprimirá.', { exact: true }).last()).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('timeline-finished')).toContainText('Cancelado antes de imprimirse');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancelar trabajo' })).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    await expect(row).toContainText('Cancelado');
    await expect(row).toContainText('Cancelado en esta ventana antes de imprimirse');

    await app.host.handlers.setPaused({ paused: false });
    await printed(app, [ticket('Después')]);
    expect(app.host.running().service.job(waiting)).toMatchObject({ state: 'error', resultText: CANCELLED_TEXT, startedAt: null });
  });
});
