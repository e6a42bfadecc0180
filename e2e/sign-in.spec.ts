import { SERVICE_RESTARTS, expect, test } from './support/app-fixture';

test.describe('signing in to the window', () => {
  test('the browser that sets a token stays signed in; others are asked for it, in the window language only', async ({ page, app, browser }) => {
    test.info().annotations.push(SERVICE_RESTARTS);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    await page.getByLabel('Token de acceso', { exact: true }).fill('caja-1-secreto');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('secret-token')).toContainText('••••••');
    await app.host.settled();

    // The service restarted with the token; this window keeps working, also after a reload.
    await page.reload();
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    await expect(page.locator('main h2')).toHaveText('Trabajos');
    await expect(page.getByText('La sesión ha caducado')).toHaveCount(0);

    // Another browser has not shown the token: it gets the sign-in page, in Spanish only.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(app.url);
    await expect(stranger.locator('html')).toHaveAttribute('lang', 'es');
    await expect(stranger.locator('body')).toContainText('Introduzca el token del servicio de impresión');
    await expect(stranger.locator('body')).not.toContainText('Sign in');
    await stranger.getByLabel('Token de acceso').fill('otro');
    await stranger.getByRole('button', { name: 'Entrar' }).click();
    await expect(stranger.getByRole('alert')).toHaveText('Token incorrecto.');
    await stranger.getByLabel('Token de acceso').fill('caja-1-secreto');
    await stranger.getByRole('button', { name: 'Entrar' }).click();
    await expect(stranger.getByRole('tab', { name: 'Inicio' })).toBeVisible();

    // A new token signs out every browser but the one that set it.
    await app.host.handlers.updateSettings({ settings: { language: 'en' }, secrets: { token: 'caja-1-nuevo' } });
    await app.host.settled();
    await stranger.reload();
    await expect(stranger.locator('body')).toContainText('Enter the print service token');
    await expect(stranger.locator('body')).not.toContainText('Introduzca');
    await other.close();
  });
});
