import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath(name) });
}

const ticket = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }] });

/** A point-of-sale client on the print WebSocket, as a till would connect. */
async function posClient(app: RunningApp): Promise<WebSocket> {
  const socket = new WebSocket(`${app.url.replace('http', 'ws')}ws`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

const send = (socket: WebSocket, id: string, datos: unknown): void => socket.send(JSON.stringify({ tipo: 'ticket', id, datos }));

test.describe('live and offline', () => {
  test('the service stops: banner at once, actions off; it starts again: banner gone by itself, counters current', async ({ page, built }) => {
    expect(built).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-live-'));
    let app = await startApp({ dataDir });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(app.url);
      await expect(page.getByTestId('queue-text')).toHaveText('Cola: 0/100');
      const pause = page.getByTestId('pause-button');
      await expect(pause).toBeEnabled();
      await expect(page.getByTestId('connection-banner')).toHaveCount(0);

      const port = app.host.running().address.port;
      await app.host.stop();
      const banner = page.getByTestId('connection-banner');
      // At once ("reconnecting"), then "offline" once it stays down.
      await expect(banner).toBeVisible({ timeout: 2000 });
      await expect(pause).toBeDisabled();
      await expect(page.getByTestId('home-test-page')).toBeDisabled();
      await expect(banner).toHaveAttribute('data-state', 'offline', { timeout: 6000 });
      await expect(banner).toContainText('Sin conexión con el servicio de impresión: reintentando…');
      await expect(banner.getByRole('button', { name: 'Reintentar ahora' })).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'offline-banner.png');

      // Back on the same port, with a paused queue holding two tickets the window was not told about.
      app = await startApp({ dataDir, port });
      await app.host.handlers.setPaused({ paused: true });
      await app.host.handlers.submitJob({ document: ticket('uno') });
      await app.host.handlers.submitJob({ document: ticket('dos') });
      await expect(banner).toHaveCount(0, { timeout: 6000 });
      await expect(page.getByTestId('queue-text')).toHaveText(/^Cola: 2\//, { timeout: 1000 });
      await expect(page.getByTestId('status-bar')).toContainText('En pausa');
      await expect(pause).toBeEnabled();
      await expect(page.getByTestId('home-test-page')).toBeEnabled();
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test('a toast for every print result, in Spanish, one summary per second for a busy till', async ({ page, app }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await expect(page.getByTestId('queue-text')).toBeVisible();
    const pos = await posClient(app);
    try {
      send(pos, 't1', ticket('Hola'));
      const printed = page.locator('[data-testid="print-toast"][data-result="printed"]');
      await expect(printed).toBeVisible();
      await expect(printed).toContainText('Ticket impreso');
      await expect(printed).toContainText('Impresora: Impresora virtual');
      // The POS's own id, and where it came from (a POS on this computer, over the WebSocket).
      await expect(printed.getByTestId('print-toast-origin')).toHaveText('Trabajo t1 · Desde: este equipo (TPV)');

      send(pos, 't2', { version: '1.0', commands: [{ type: 'hologram' }] });
      const failed = page.locator('[data-testid="print-toast"][data-result="failed"]');
      await expect(failed).toBeVisible({ timeout: 3000 });
      await expect(failed).toContainText('El ticket no se imprimió');
      await expect(failed).toContainText('El ticket tiene un comando desconocido');
      // The service's own words only as the secondary, technical line.
      await expect(failed.locator('[data-service]')).toContainText('hologram');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'print-toasts.png');

      // A busy till: twelve tickets at once give one or two toasts, not twelve.
      await page.waitForTimeout(1200);
      for (let index = 0; index < 12; index += 1) send(pos, `burst-${index}`, ticket(`ticket ${index}`));
      const summary = page.locator('[data-testid="print-toast"][data-result="summary"]');
      await expect(summary).toContainText(/\d+ tickets impresos/, { timeout: 5000 });
      await expect.poll(() => app.host.running().service.recentJobs(20).filter((job) => job.state === 'success').length).toBe(13);
      await page.waitForTimeout(1200);
      expect(await page.getByTestId('print-toast').count()).toBeLessThanOrEqual(3);
      await shoot(page, 'print-toasts-summary.png');
    } finally {
      pos.close();
    }
  });
});
