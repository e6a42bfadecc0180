import fs from 'node:fs';
import net from 'node:net';
import type { Page } from '@playwright/test';
import { EMULATOR_CAMPUS_KEYS as KEYS, startCampusEmulator, type CampusEmulator } from '../test/emulators/campus-api/emulator';
import { seriousViolations } from './support/accessibility';
import { expect, test } from './support/app-fixture';

const SHOTS = '/tmp/shots-campus';
let emulator: CampusEmulator;

test.beforeAll(async () => {
  emulator = await startCampusEmulator({ slowMs: 1_000 });
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(() => emulator.close());
test.beforeEach(() => {
  emulator.reset();
  // Read by the app host on every call (see campus-host): each test starts its service with these.
  process.env['TICKETERA_CAMPUS_URL'] = emulator.url;
  process.env['TICKETERA_CAMPUS_KEY'] = KEYS.good;
});
test.afterEach(() => {
  delete process.env['TICKETERA_CAMPUS_URL'];
  delete process.env['TICKETERA_CAMPUS_KEY'];
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
  }
}

async function closedAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

test.describe('campus Wi-Fi panel and page', () => {
  test('the Home panel shows the count, its colour and "hace 3 horas" from the service', async ({ app, page }) => {
    emulator.setWireless({ count: 120, last_updated: new Date(Date.now() - 3 * 3_600_000).toISOString() });
    await page.goto(app.url);
    const panel = page.getByTestId('home-campus');
    await expect(panel.getByTestId('home-campus-count')).toHaveText('120');
    await expect(panel.getByTestId('home-campus-level')).toHaveText('A vigilar');
    await expect(panel.getByTestId('home-campus-collected')).toHaveText('Datos recogidos hace 3 horas');
    await expect(panel.getByTestId('home-campus-stale')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Qué significan los colores' }).click();
    await expect(page.getByText(/Amarillo \(a vigilar\): de 50 a 200/)).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page, '[data-testid="home-campus"]')).toEqual([]);
    await shoot(page, 'home-panel');

    // On demand: a new value from the service shows at once.
    emulator.setWireless({ count: 240, last_updated: new Date().toISOString() });
    await panel.getByRole('button', { name: 'Actualizar el estado del Wi-Fi del campus' }).click();
    await expect(panel.getByTestId('home-campus-count')).toHaveText('240');
    await expect(panel.getByTestId('home-campus-level')).toHaveText('Fallando');
  });

  test('a banned key says so in the window language, and where to fix it', async ({ app, page }) => {
    process.env['TICKETERA_CAMPUS_KEY'] = KEYS.banned;
    await page.goto(app.url);
    const failure = page.getByTestId('home-campus-failure');
    await expect(failure).toContainText('El campus ha bloqueado esta clave. Pida una nueva en el portal de la API del campus y cámbiela en Ajustes.');
    await expect(failure).not.toContainText('banned');
    await failure.getByRole('button', { name: 'Abrir Ajustes' }).click();
    await expect(page.getByRole('heading', { name: 'Ajustes' })).toBeVisible();
    await expect(page.getByTestId('fixed-campusApiKey')).toContainText('TICKETERA_CAMPUS_KEY');
  });

  test('with the service down the last good value stays, marked stale', async ({ app, page }) => {
    emulator.setWireless({ count: 12, last_updated: new Date(Date.now() - 5 * 3_600_000).toISOString() });
    await page.goto(app.url);
    const panel = page.getByTestId('home-campus');
    await expect(panel.getByTestId('home-campus-count')).toHaveText('12');
    process.env['TICKETERA_CAMPUS_URL'] = await closedAddress();
    await panel.getByRole('button', { name: 'Actualizar el estado del Wi-Fi del campus' }).click();
    await expect(panel.getByTestId('home-campus-stale')).toHaveText('Desactualizado');
    await expect(panel.getByTestId('home-campus-count')).toHaveText('12');
    await expect(panel.getByTestId('home-campus-failure')).toContainText('No se pudo conectar con el servicio del campus');
    await expect(panel).toContainText('No se pudo actualizar: se muestra el último valor bueno');
    expect(await seriousViolations(page, '[data-testid="home-campus"]')).toEqual([]);
    await shoot(page, 'home-panel-stale');
  });

  test('the Campus page lists the changelog newest first by date, without a key, and says how to get one', async ({ app, page }) => {
    delete process.env['TICKETERA_CAMPUS_KEY'];
    // Without a key, Campus shows only once switched on (an optional service, issue 24).
    await app.host.handlers.updateSettings({ settings: { campusEnabled: true } });
    await page.goto(app.url);
    await expect(page.getByTestId('home-campus').getByTestId('campus-no-key')).toContainText('portal de la API de datos abiertos del campus');
    await page.getByRole('tab', { name: 'Campus' }).click();
    const days = page.getByTestId('campus-changelog-day');
    await expect(days).toHaveCount(9);
    await expect(days.first().getByRole('heading')).toHaveText('14 de octubre de 2013');
    await expect(days.first().getByRole('listitem')).toHaveText(['Published schedule endpoint', 'Published courses endpoint', 'Published course from buildings endpoint']);
    const dates = await days.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(dates).toHaveLength(9);
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(page.getByText('Versión de la API: 2.07')).toBeVisible();
    await expect(page.getByTestId('campus-page').getByTestId('campus-no-key')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'campus-page');
  });
});
