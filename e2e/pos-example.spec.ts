import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readServeFlags } from '../src/main/cli/serve-options';
import { makeTestCertificates } from '../test/support/test-certificates';
import { SERVICE_RESTARTS, expect, startApp, test, type RunningApp } from './support/app-fixture';
import { freePort } from './support/free-port';

/** The example POS page (examples/pos) and the built client library, served from their own origin. */
interface ExampleSite {
  url: string;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS module shared with `npm run example:pos`
const { startExampleServer } = require('../examples/pos/serve.cjs') as { startExampleServer: () => Promise<ExampleSite> };

// `built` (the owner's window, built once per worker) is set up here, under the hook's own time limit: these tests
// start their services themselves, so without it a worker whose first test is this one would have no window to
// allow the site from, or would spend the test's own 60 s building it.
test.beforeAll(({ built }) => {
  expect(built).toBe(true);
  // The page loads the library the way a POS developer ships it: the package's own build output.
  execFileSync(process.execPath, [path.join(__dirname, '../scripts/client-build.mjs')], { stdio: 'inherit' });
});

/**
 * The example page talking to `service`, retrying every 0.3–1 s while refused (not yet allowed) or while the service
 * restarts. The cap matters: the library doubles its delay after each failure up to 30 s, so on a busy machine, where
 * the owner's window took long enough to open, the page's next try came up to half a minute after it was allowed or
 * the service was back, and the test timed out waiting on the page's backoff rather than on the service.
 */
async function openExample(page: Page, site: ExampleSite, service: string): Promise<Page> {
  const pos = await page.context().newPage();
  await pos.goto(`${site.url}?service=${encodeURIComponent(service)}&retryMs=300&retryMaxMs=1000`);
  return pos;
}

/** The owner allows the site in the Ticketera window, from the prompt it shows on whatever page is open. */
async function ownerAllows(owner: Page, app: RunningApp, origin: string): Promise<void> {
  await owner.goto(app.url);
  const prompt = owner.getByTestId('origin-prompt');
  // The window's first start in a worker (fonts, the bundle) can take a few seconds.
  await expect(prompt).toContainText(origin, { timeout: 15_000 });
  await prompt.getByRole('button', { name: 'Permitir' }).click();
  await expect(prompt).toBeHidden();
}

async function sell(pos: Page, products: string[]): Promise<void> {
  for (const product of products) await pos.getByRole('button', { name: new RegExp(product) }).click();
  await pos.getByRole('button', { name: 'Cobrar e imprimir' }).click();
}

const saleIdOf = async (pos: Page): Promise<string> => /venta-[a-z0-9]+/.exec((await pos.locator('#outcome').textContent()) ?? '')?.[0] ?? '';

/** Receipts the virtual printer printed for a sale (one `<id>.bin` each time it printed). */
const printedCopies = (dataDir: string, id: string): number =>
  fs.readdirSync(path.join(dataDir, 'virtual-printer')).filter((file) => file === `${id}.bin`).length;

test('the example POS prints through the library once allowed, and a sale cut off by a service restart prints exactly once', async ({ page }) => {
  test.info().annotations.push(SERVICE_RESTARTS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-pos-example-'));
  const port = await freePort();
  let app = await startApp({ dataDir, port });
  const site = await startExampleServer();
  const second = await startExampleServer();
  try {
    const service = `ws://127.0.0.1:${port}/ws`;
    const pos = await openExample(page, site, service);
    // Not allowed yet: the service refuses the page, which keeps trying and says what to do.
    await expect(pos.locator('#connection')).toContainText('permita este sitio en la ventana de Ticketera');
    await ownerAllows(page, app, new URL(site.url).origin);
    await expect(pos.locator('#connection')).toHaveText('Conectado con Ticketera', { timeout: 15_000 });

    await sell(pos, ['Café con leche', 'Tostada']);
    await expect(pos.locator('#outcome')).toContainText(/Ticket venta-[a-z0-9]+ impreso/);
    expect(printedCopies(dataDir, await saleIdOf(pos))).toBe(1);

    // Mid-sale: the ticket is acknowledged (it waits in a paused queue), then the service dies and comes back.
    app.host.running().service.queue.pause();
    await sell(pos, ['Zumo de naranja']);
    await expect(pos.locator('#outcome')).toContainText('En cola');
    const saleId = await saleIdOf(pos);
    await app.host.stop();
    await expect(pos.locator('#connection')).toContainText('Sin conexión');
    app = await startApp({ dataDir, port });
    // The journal kept the acknowledged ticket and prints it; the library sends it again with the same id after
    // reconnecting, and the service answers from what it knows instead of printing it twice.
    await expect(pos.locator('#outcome')).toHaveText(`Ticket ${saleId} impreso`, { timeout: 20_000 });
    expect(printedCopies(dataDir, saleId)).toBe(1);

    // Another site is refused until the owner allows it too; the first one was remembered across the restart.
    const other = await openExample(page, second, service);
    await expect(other.locator('#connection')).toContainText('Sin conexión');
    await sell(other, ['Cruasán']);
    await expect(other.locator('#outcome')).not.toContainText('impreso');
    await ownerAllows(page, app, new URL(second.url).origin);
    await expect(other.locator('#outcome')).toContainText(/Ticket venta-[a-z0-9]+ impreso/, { timeout: 15_000 });
    expect(printedCopies(dataDir, await saleIdOf(other))).toBe(1);
  } finally {
    await site.close();
    await second.close();
    await app.host.stop();
  }
});

test('the example POS prints over wss:// with the shop’s own certificate', async ({ browser }) => {
  const certs = makeTestCertificates();
  const tlsPort = await freePort();
  const app = await startApp({ commandLine: readServeFlags(['--tls-cert', certs.certFile, '--tls-key', certs.keyFile, '--tls-port', String(tlsPort)], {}) });
  const site = await startExampleServer();
  // The test's certificate authority stands in for the one installed on the shop's tablets.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const owner = await context.newPage();
    const pos = await openExample(owner, site, `wss://127.0.0.1:${tlsPort}/ws`);
    await ownerAllows(owner, app, new URL(site.url).origin);
    await expect(pos.locator('#connection')).toHaveText('Conectado con Ticketera', { timeout: 15_000 });
    await sell(pos, ['Café con leche']);
    await expect(pos.locator('#outcome')).toContainText(/Ticket venta-[a-z0-9]+ impreso/);
  } finally {
    await context.close();
    await site.close();
    await app.host.stop();
  }
});
