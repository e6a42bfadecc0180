import WebSocket from 'ws';
import type { Page } from '@playwright/test';
import type { AppHost } from '../src/main/services/app-api/app-host';
import { expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = '/tmp/shots-origins';

/**
 * A page making up sites under one domain, the way a hostile page in the shop's browser would (issue 20 item 6): each
 * opens the service's WebSocket with its own `Origin`, exactly as a browser page of that site does, and is refused.
 */
async function flood(host: AppHost, count: number, domain: string): Promise<void> {
  const url = `ws://127.0.0.1:${host.running().address.port}/ws`;
  const attempts = Array.from(
    { length: count },
    (_unused, index) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { origin: `https://s${index}.${domain}` });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('error', () => resolve(0));
      }),
  );
  expect(new Set(await Promise.all(attempts))).toEqual(new Set([403]));
}

/** The settings card with the web sites, scrolled into view the way the owner would see it. */
async function shootOrigins(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('origin-settings');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/${name}`, animations: 'disabled' });
}

test('a flood of made-up subdomains: a few questions, one "deny all of …" answer, undone, and Settings says what happened', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await expect(page.getByRole('tab', { name: 'Inicio' })).toBeVisible();

  await flood(app.host, 100, 'ads.example');
  const prompt = page.getByTestId('origin-prompt');
  await expect(prompt).toHaveAttribute('data-origin', /^https:\/\/s\d+\.ads\.example$/);
  const denyAll = prompt.getByRole('button', { name: 'Denegar ads.example y todos sus subdominios' });
  await expect(denyAll).toHaveText('Denegar todo ads.example');
  // Only the few the budget allowed became questions; the window never heard of the rest one by one.
  const asked = (await app.host.handlers.originRequests()).pending;
  expect(asked.length).toBeLessThanOrEqual(3);
  expect(await foreignTextsShown(page, 'es')).toEqual([]);
  expect(await seriousViolations(page, '[data-testid="origin-prompt"]')).toEqual([]);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/flood-prompt-es-1024.png`, animations: 'disabled' });

  await denyAll.click();
  // Every waiting site of that domain is answered at once: no question is left.
  await expect(prompt).toBeHidden();
  const undo = page.getByTestId('origin-domain-undo');
  await expect(undo).toContainText('Se deniegan ads.example y todos sus subdominios');
  expect((await app.host.handlers.getSettings()).deniedDomains).toEqual(['ads.example']);
  await page.screenshot({ path: `${SHOTS}/flood-denied-undo-es-1024.png`, animations: 'disabled' });
  // Its new subdomains are refused without asking anything.
  await flood(app.host, 20, 'ads.example');
  await expect(prompt).toBeHidden();

  await page.getByRole('tab', { name: 'Ajustes' }).click();
  const domains = page.getByTestId('origins-denied-domains');
  await expect(domains).toContainText('ads.example y sus subdominios');
  await expect(page.getByTestId('origins-not-asked')).toContainText('se rechazaron sin preguntar');
  // Without a token, the security card says the window works on this computer only.
  await expect(page.getByTestId('window-local-only')).toContainText('Sin token, esta ventana solo funciona en este equipo');
  expect(await foreignTextsShown(page, 'es')).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalScroll(page);
  await shootOrigins(page, 'flood-settings-es-1024.png');
  await page.getByTestId('window-local-only').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/window-local-only-es-1024.png`, animations: 'disabled' });

  // Undo, from the bar still shown: the domain's sites will be asked about again.
  await undo.getByRole('button', { name: 'Deshacer' }).click();
  await expect(undo).toBeHidden();
  await expect(domains).toBeHidden();
  expect((await app.host.handlers.getSettings()).deniedDomains).toEqual([]);
});

test('in English: deny all of a domain from Settings, and remove it there', async ({ page, app }) => {
  await app.host.handlers.updateSettings({ settings: { language: 'en' } });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await flood(app.host, 2, 'promo.example');
  const pending = page.getByTestId('origins-pending');
  // The second question of the same moment reaches the window when the events' interval ends (OriginNotices, 2 s).
  await expect(pending.getByRole('button', { name: 'Deny promo.example and all its subdomains' })).toHaveCount(2);
  await expect(page.getByTestId('window-local-only')).toContainText('Without a token, this window works on this computer only');
  expect(await foreignTextsShown(page, 'en')).toEqual([]);
  await shootOrigins(page, 'pending-deny-all-en-1024.png');

  await pending.getByRole('button', { name: 'Deny promo.example and all its subdomains' }).first().click();
  await expect(pending).toBeHidden();
  const domains = page.getByTestId('origins-denied-domains');
  await expect(domains).toContainText('promo.example and its subdomains');
  await expect(page.getByTestId('origin-domain-undo')).toContainText('promo.example and all its subdomains are denied');
  expect(await foreignTextsShown(page, 'en')).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await shootOrigins(page, 'denied-domains-en-1024.png');

  await domains.getByRole('button', { name: 'Remove promo.example from the list (its sites will be asked about again)' }).click();
  await expect(domains).toBeHidden();
  await expect(page.getByTestId('origin-domain-undo')).toBeHidden();
  expect((await app.host.handlers.getSettings()).deniedDomains).toEqual([]);
});
