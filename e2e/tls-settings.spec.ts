import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readServeFlags } from '../src/main/cli/serve-options';
import { makeTestCertificates, type TestCertificates } from '../test/support/test-certificates';
import { TestClient } from '../test/support/ws-client';
import { SERVICE_RESTARTS, expect, startApp, test } from './support/app-fixture';
import { freePort } from './support/free-port';
import { seriousViolations } from './support/accessibility';
import { expectNoHorizontalScroll } from './support/layout';
import { openAdvancedSettings } from './support/settings-page';

const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-tls';
let certs: TestCertificates;

test.beforeAll(() => {
  certs = makeTestCertificates();
  fs.mkdirSync(SHOTS, { recursive: true });
});


/** The group fits at both sizes, without sideways scroll, with no serious accessibility problem; pictures kept. */
async function checkLayout(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expectNoHorizontalScroll(page);
    await page.getByTestId(name.startsWith('home') ? 'home-service' : 'tls-settings').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`) });
  }
  expect(await seriousViolations(page, 'main'), name).toEqual([]);
}

test('the owner sets the certificate in Settings: the secure address shows, and a POS prints through it', async ({ page, app }) => {
  test.info().annotations.push(SERVICE_RESTARTS);
  const port = await freePort();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Ajustes' }).click();
  // The secure connection is set up by a technician: under "Avanzado".
  await openAdvancedSettings(page);
  const group = page.getByTestId('tls-settings');
  await expect(group.getByText('Desactivada: solo ws://')).toBeVisible();

  // One file without the other is said on the field before anything is saved.
  await page.getByLabel('Archivo del certificado (PEM)').fill(certs.certFile);
  await expect(group.getByText('Indique los dos archivos: el certificado y su clave.')).toBeVisible();
  await page.getByLabel('Archivo de la clave privada (PEM)').fill(certs.keyFile);
  await page.getByLabel('Puerto seguro').fill(String(port));
  await expect(group.getByText(`wss://ESTE-EQUIPO:${port}/ws`)).toBeVisible();
  await expect(group.getByText('Guarde para aplicar')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();

  await expect(group.getByTestId('tls-on')).toContainText('localhost, 127.0.0.1', { timeout: 15_000 });
  await expect(group.getByTestId('tls-wss-url')).toHaveText([`wss://localhost:${port}/ws`, `wss://127.0.0.1:${port}/ws`]);
  await expect(group.getByRole('button', { name: `Copiar la dirección segura wss://127.0.0.1:${port}/ws` })).toBeVisible();
  expect(await app.host.handlers.getSettings()).toMatchObject({ tlsCertFile: certs.certFile, tlsKeyFile: certs.keyFile, tlsPort: port });
  await checkLayout(page, 'settings-tls-on');

  // The address shown is the one that works: a POS that trusts the CA prints through it.
  const pos = await TestClient.open(`wss://127.0.0.1:${port}/ws`, { ca: fs.readFileSync(certs.caFile) });
  await pos.next('info');
  pos.send({ tipo: 'ticket', id: 'venta-tableta', datos: { version: '1.0', commands: [{ type: 'text', data: { text: 'Café con leche' } }] } });
  expect((await pos.next('result', (message) => message.id === 'venta-tableta')).status).toBe('success');
  pos.close();

  await page.getByRole('tab', { name: 'Inicio' }).click();
  await expect(page.getByTestId('home-wss-url')).toHaveText([`wss://localhost:${port}/ws`, `wss://127.0.0.1:${port}/ws`]);
  await checkLayout(page, 'home-tls-on');
});

test('a certificate fixed by the command line with the wrong key: the window says which file, and ws:// keeps serving', async ({ page, built }) => {
  expect(built).toBe(true);
  const port = await freePort();
  const app = await startApp({ commandLine: readServeFlags(['--tls-cert', certs.certFile, '--tls-key', certs.strayKeyFile, '--tls-port', String(port)], {}) });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await expect(page.getByTestId('home-tls-problem')).toContainText('La conexión segura (wss://) no funciona');
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    await openAdvancedSettings(page);
    const group = page.getByTestId('tls-settings');
    await expect(page.getByLabel('Archivo de la clave privada (PEM)')).toBeDisabled();
    await expect(group.getByTestId('fixed-tlsKeyFile')).toContainText('--tls-key');
    await expect(group.getByTestId('tls-problem')).toContainText(`La clave ${certs.strayKeyFile} no corresponde al certificado.`);
    await expect(group.getByTestId('tls-problem')).toContainText('ws:// sigue funcionando');
    await checkLayout(page, 'settings-tls-problem');

    const till = await TestClient.open(`ws://127.0.0.1:${app.host.running().address.port}/ws`);
    await till.next('info');
    till.close();
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});

test('a certificate about to expire is flagged with its date, in English too', async ({ page, built }) => {
  expect(built).toBe(true);
  const port = await freePort();
  const app = await startApp({ settings: { language: 'en', tlsCertFile: certs.shortCertFile, tlsKeyFile: certs.shortKeyFile, tlsPort: port } });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await expect(page.getByTestId('home-tls')).toContainText('The secure connection certificate expires on');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await openAdvancedSettings(page);
    const group = page.getByTestId('tls-settings');
    await expect(page.getByRole('group', { name: 'Secure connection (TLS)' })).toBeVisible();
    await expect(group.getByTestId('tls-expiry')).toContainText(/On, but the certificate for localhost, 127\.0\.0\.1 expires on \w+ \d+, \d{4}: renew it/);
    await checkLayout(page, 'settings-tls-expiring-en');
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});
