import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAY_STILL_PRINT } from '../src/shared/printer-status/held-partly-sent';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';

/** Issue 24, "truth and history": what the window says must be true, and stay true when things go wrong. */
const SHOTS = '/tmp/shots-truth';
const ticket = (...lines: string[]) => ({ version: '1.0', commands: [...lines.map((text) => ({ type: 'text', data: { text } })), { type: 'cut' }] });

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function printed(app: RunningApp, document: unknown): Promise<string> {
  const { id } = await app.host.handlers.submitJob({ document });
  await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
  return id;
}

/** A ticket held by a printer that kept part of it (no buffer clear on its model), written as the service does. */
function heldPartly(app: RunningApp, id: string, outcome: 'held' | 'discarded'): void {
  const journal = app.host.running().service.journal;
  const datos = ticket('Café con leche', '1,50 €');
  journal.insertMany([{ id, datos, requestedPrinter: null, datosJson: JSON.stringify(datos) }]);
  journal.markPrinting(id, 'tcp://127.0.0.1:9');
  journal.markFinished(id, 'error', `PRINTER: out of paper (${MAY_STILL_PRINT})`, Date.now(), 'held', 'tcp://127.0.0.1:9');
  if (outcome === 'discarded') journal.release(id, 'discarded');
}

async function openDetail(page: Page, id: string): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('tab', { name: 'Trabajos' }).click();
  await page.getByTestId(`job-${id}`).getByRole('button', { name: 'Detalles' }).click();
  return page.getByRole('dialog');
}

test('a reprint lists each print with its own time and keeps the creation time; the virtual printer keeps every image', async ({ page, app }) => {
  const id = await printed(app, ticket('Tostada con tomate', 'Total 2,40 €'));
  const created = app.host.running().service.job(id)?.createdAt ?? 0;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  const dialog = await openDetail(page, id);
  await expect(dialog.getByTestId('job-prints')).toHaveCount(0);
  // A second apart, so the two prints' times differ on screen.
  await page.waitForTimeout(1100);
  await dialog.getByRole('button', { name: 'Reimprimir' }).click();
  await expect(dialog.getByTestId('job-print-2')).toContainText('Impresión 2 de 2');
  await expect(dialog.getByTestId('job-timeline').getByTestId('timeline-finished')).toContainText('Terminó: impreso');
  const first = dialog.getByTestId('job-print-1');
  await expect(first).toContainText('Entró en la cola');
  await expect(first).toContainText('Terminó: impreso');
  await expect(dialog.getByTestId('job-print-2')).toContainText('Se pidió reimprimirlo');
  const job = app.host.running().service.job(id);
  expect(job?.createdAt).toBe(created);
  expect(job?.requeuedAt).toBeGreaterThan(created);
  const times = await dialog.locator('[data-testid="timeline-queued"]').allTextContents();
  expect(times).toHaveLength(2);
  expect(times[0]).not.toBe(times[1]);
  const folder = path.join(app.host.running().service.journal.file, '..', 'virtual-printer');
  expect(fs.readdirSync(folder).filter((name) => name.endsWith('.png')).length).toBe(2);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await shoot(page, 'reprint-history-1024');
});

test('the Jobs timeline says part of a held ticket may still print, as the held card does (no buffer clear)', async ({ page, app }) => {
  heldPartly(app, 'parcial-retenido', 'held');
  heldPartly(app, 'parcial-descartado', 'discarded');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  let dialog = await openDetail(page, 'parcial-retenido');
  const timeline = dialog.getByTestId('job-timeline');
  await expect(timeline).toContainText('Retenido por la impresora');
  await expect(timeline.getByTestId('timeline-held')).toContainText('parte de este ticket puede salir sola al poner papel');
  await expect(timeline).not.toContainText('no se imprimirá solo');
  await shoot(page, 'held-partly-1024');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  dialog = await openDetail(page, 'parcial-descartado');
  await expect(dialog.getByTestId('timeline-released')).toContainText('no se volverá a enviar, pero parte puede salir sola al poner papel');
  await expect(dialog.getByTestId('job-timeline')).not.toContainText('no se imprimirá');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // Printed after all ("Print now"): the held print stays in the history, no longer "waiting" for anything.
  heldPartly(app, 'retenido-luego-impreso', 'held');
  expect(await app.host.handlers.reprintJob({ id: 'retenido-luego-impreso' })).toMatchObject({ ok: true });
  await expect.poll(() => app.host.running().service.job('retenido-luego-impreso')?.state, { timeout: 20_000 }).toBe('success');
  dialog = await openDetail(page, 'retenido-luego-impreso');
  await expect(dialog.getByTestId('job-print-1')).toContainText('Retenido por la impresora');
  await expect(dialog.getByTestId('job-print-1')).not.toContainText('Esperando');
  await expect(dialog.getByTestId('job-print-2')).toContainText('Terminó');
});

test('while the service is stopped, Home greys its live cards with the time of the last reading', async ({ page, built }) => {
  expect(built).toBe(true);
  const app = await startApp();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    const service = page.getByTestId('home-service');
    await expect(service).toContainText('Funcionando desde');
    await expect(service).toHaveAttribute('data-stale', 'false');
    const since = await service.getByText('Funcionando desde').textContent();
    await app.host.stop();
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline', { timeout: 8000 });
    for (const card of ['home-service', 'home-printer', 'home-live-printers', 'home-activity']) {
      const element = page.getByTestId(card);
      if ((await element.count()) === 0) continue;
      await expect(element).toHaveAttribute('data-stale', 'true');
      await expect(element.getByTestId('stale-note')).toContainText(/Sin conexión: valores de la última lectura, \d/);
      expect(await element.evaluate((node) => getComputedStyle(node).filter)).toContain('grayscale');
    }
    await expect(service.getByText('Sin conexión', { exact: true })).toBeVisible();
    await expect(page.getByTestId('printer-summary-badge')).toHaveAttribute('data-stale', 'true');
    // Seconds later, the reading's "running since" has not moved.
    await page.waitForTimeout(2100);
    await expect(service.getByText('Funcionando desde')).toHaveText(since ?? '');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'home-offline-1280');
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});

test('a token that could not be read back after a restart is said in red on Home', async ({ page, built }) => {
  expect(built).toBe(true);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-lost-'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, settings: {}, secrets: {}, tokenHash: { scheme: 'scrypt', hash: 'dañado' } }));
  const app = await startApp({ dataDir });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    const lost = page.getByTestId('token-lost');
    await expect(lost).toContainText('Protección perdida: vuelva a poner el token');
    await expect(page.getByTestId('home-service')).not.toContainText('No se pide token de acceso');
    const health = (await (await fetch(`${app.url}health`)).json()) as { status: string; token: { status: string } };
    expect(health).toMatchObject({ status: 'degraded', token: { status: 'lost' } });
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'home-token-lost-1280');
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});
