import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { readServeFlags } from '../src/main/cli/serve-options';
import { expect, startApp, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = '/tmp/shots-origins';

/**
 * A POS web app on another origin than the service (another loopback port): it opens the service's WebSocket the way
 * a POS page does and writes what happened into the page.
 */
async function startPosSite(servicePort: number): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>TPV</title></head><body>
<p id="state">connecting</p><script>
const ws = new WebSocket('ws://127.0.0.1:${servicePort}/ws');
const state = document.getElementById('state');
ws.onmessage = (event) => { const message = JSON.parse(event.data); if (message.tipo === 'info') state.textContent = 'info'; };
ws.onclose = () => { if (state.textContent !== 'info') state.textContent = 'refused'; };
</script></body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The POS page in its own tab (its refused handshake is logged there, not in the owner's window). */
async function openPos(page: Page, url: string): Promise<Page> {
  const pos = await page.context().newPage();
  await pos.goto(url);
  return pos;
}

test('a site is refused until the owner allows it in the window, on whatever page they are', async ({ page, app }) => {
  const port = app.host.running().address.port;
  const site = await startPosSite(port);
  const siteOrigin = new URL(site.url).origin;
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    const before = app.host.running();

    const pos = await openPos(page, site.url);
    await expect(pos.locator('#state')).toHaveText('refused');

    // The owner is on another page than Home or Settings: the question reaches them there.
    const prompt = page.getByTestId('origin-prompt');
    await expect(prompt).toContainText(`¿Permitir que ${siteOrigin} imprima en esta impresora?`);
    await expect(prompt).toContainText('podrá imprimir tickets y abrir el cajón');
    await expect(page.getByRole('heading', { name: 'Trabajos' }).first()).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="origin-prompt"]')).toEqual([]);
    expect(await foreignTextsShown(page, 'es')).toEqual([]);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${SHOTS}/prompt-es-1280.png`, animations: 'disabled' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${SHOTS}/prompt-es-1024.png`, animations: 'disabled' });
    // Still there on another page, until answered.
    await page.getByRole('tab', { name: 'Inicio' }).click();
    await expect(prompt).toHaveAttribute('data-origin', siteOrigin);
    await page.screenshot({ path: `${SHOTS}/prompt-home-es-1024.png`, animations: 'disabled' });

    await prompt.getByRole('button', { name: 'Permitir' }).click();
    await expect(prompt).toBeHidden();
    expect((await app.host.handlers.getSettings()).allowedOrigins).toEqual([siteOrigin]);

    // The same page tries again and is let in, by the same running service (no restart for an answer).
    await pos.reload();
    await expect(pos.locator('#state')).toHaveText('info');
    expect(app.host.running()).toBe(before);

    // Settings shows the answer, with a way to take it back.
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    await expect(page.getByTestId('origins-allowed')).toContainText(siteOrigin);
    await pos.close();
  } finally {
    await site.close();
  }
});

test('Deny is remembered, in English too; pending sites can be answered from Settings', async ({ page, app }) => {
  await app.host.handlers.updateSettings({ settings: { language: 'en' } });
  const port = app.host.running().address.port;
  const first = await startPosSite(port);
  const second = await startPosSite(port);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const posOne = await openPos(page, first.url);
    await expect(posOne.locator('#state')).toHaveText('refused');
    const prompt = page.getByTestId('origin-prompt');
    await expect(prompt).toContainText(`Allow ${new URL(first.url).origin} to print on this printer?`);
    const posTwo = await openPos(page, second.url);
    await expect(posTwo.locator('#state')).toHaveText('refused');
    // The prompt keeps asking about the site the owner is reading; the other one waits, listed in Settings.
    await expect(prompt).toHaveAttribute('data-origin', new URL(first.url).origin);
    await expect(prompt).toContainText('One more site is waiting for an answer');
    const pending = page.getByTestId('origins-pending');
    await expect(pending).toContainText(new URL(second.url).origin);
    expect(await foreignTextsShown(page, 'en')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/settings-pending-en-1280.png`, animations: 'disabled', fullPage: true });

    await prompt.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByTestId('origins-denied')).toContainText(new URL(first.url).origin);
    // Next question: the second site, answered from the Settings list this time.
    await expect(prompt).toHaveAttribute('data-origin', new URL(second.url).origin);
    await pending.getByRole('button', { name: `Allow ${new URL(second.url).origin}` }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId('origins-allowed')).toContainText(new URL(second.url).origin);

    await posOne.reload();
    await expect(posOne.locator('#state')).toHaveText('refused');
    await posTwo.reload();
    await expect(posTwo.locator('#state')).toHaveText('info');
    // Refused for good: not asked about again.
    await expect(prompt).toBeHidden();
    expect((await app.host.handlers.originRequests()).pending).toEqual([]);
    await posOne.close();
    await posTwo.close();
  } finally {
    await first.close();
    await second.close();
  }
});

test('a list fixed by --allowed-origins: other sites are refused without asking, and Settings says why', async ({ page, built }) => {
  expect(built).toBe(true);
  const app = await startApp({ commandLine: readServeFlags(['--allowed-origins', 'https://tpv.mitienda.es'], {}) });
  const site = await startPosSite(app.host.running().address.port);
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    const pos = await openPos(page, site.url);
    await expect(pos.locator('#state')).toHaveText('refused');
    await expect(page.getByTestId('origins-fixed')).toContainText('La lista la fija --allowed-origins');
    await expect(page.getByTestId('origins-allowed')).toContainText('https://tpv.mitienda.es');
    await expect(page.getByTestId('origin-settings').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('origin-prompt')).toHaveCount(0);
    await pos.close();
  } finally {
    await site.close();
    await page.goto('about:blank');
    await app.host.stop();
  }
});
