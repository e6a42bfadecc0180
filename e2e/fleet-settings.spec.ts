import { connectFleet } from '../clients/js/src/fleet.mjs';
import type { PrintDocument } from '../clients/js/src/receipt-builder.mjs';
import { Broker, mosquittoMissing } from '../test/fleet/support/mosquitto';
import { SERVICE_RESTARTS, expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { expectNoHorizontalScroll } from './support/layout';
import { openAdvancedSettings } from './support/settings-page';

test.skip(mosquittoMissing !== undefined, mosquittoMissing ?? '');

test('the owner turns remote printing on in Settings; Home shows the connection, the last ticket, and why it reconnects', async ({ page, app }) => {
  test.info().annotations.push(SERVICE_RESTARTS);
  const broker = await Broker.start();
  const chain = connectFleet(broker.url, { site: 'tienda-e2e', reconnectMs: 300 });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await expect(page.getByTestId('home-service')).toBeVisible();
    await expect(page.getByTestId('home-fleet')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Ajustes' }).click();
    // Remote printing is set up by a technician: under "Avanzado".
    await openAdvancedSettings(page);
    const group = page.getByTestId('fleet-settings');
    await page.getByLabel('Nombre de esta tienda en la cadena').fill('tienda-e2e');
    await expect(group.getByText('Indique la dirección del bróker y el nombre de la tienda, o deje los dos vacíos.')).toBeVisible();
    await page.getByLabel('Dirección del bróker').fill(broker.url);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(async () => (await app.host.handlers.fleetStatus()).state, { timeout: 15_000 }).toBe('connected');
    expect(await app.host.handlers.getSettings()).toMatchObject({ fleetUrl: broker.url, fleetSite: 'tienda-e2e', fleetTicketExpiryMinutes: 60 });
    for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
      await page.setViewportSize(size);
      await expectNoHorizontalScroll(page);
    }
    expect(await seriousViolations(page, 'main'), 'settings').toEqual([]);

    await page.getByRole('tab', { name: 'Inicio' }).click();
    const card = page.getByTestId('home-fleet');
    await expect(card.getByText('Conectada', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText('Esta tienda es «tienda-e2e» en la cadena.')).toBeVisible();
    await expect(card.getByText(`Bróker: ${broker.url}`)).toBeVisible();
    await expect(card.getByText('Aún no ha llegado ningún ticket por el bróker.')).toBeVisible();

    const document: PrintDocument = { version: '1.0', commands: [{ type: 'text', data: { text: 'Desde la central' } }, { type: 'cut' }] };
    await chain.print(document, { id: 'central-e2e' });
    await expect(card.getByText(/^Último ticket recibido: /)).toBeVisible({ timeout: 10_000 });
    expect(await seriousViolations(page, 'main'), 'home').toEqual([]);

    await broker.stop();
    await expect(card.getByText('Reconectando', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText(/^Motivo: /)).toBeVisible({ timeout: 10_000 });
    await broker.launch();
    await expect(card.getByText('Conectada', { exact: true })).toBeVisible({ timeout: 15_000 });
  } finally {
    await chain.close();
    await broker.remove();
  }
});
