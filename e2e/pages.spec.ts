import type { Page } from '@playwright/test';
import { VIRTUAL_PRINTER_NAME } from '../src/main/platform/virtual/virtual-transport';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { openAdvancedSettings } from './support/settings-page';

const TABS = { es: ['Impresoras', 'Trabajos', 'Ajustes'], en: ['Printers', 'Jobs', 'Settings'] } as const;

/** Words of the other language that must never be on a page (service data such as printer names is not checked). */
const ENGLISH_WORDS = ['Refresh', 'Ready', 'Default', 'Status', 'Reprint', 'Details', 'Printed', 'Failed', 'Queued', 'thermal', 'spooler', 'Search', 'Save', 'Language', 'Environment', 'Safe mode', 'Security', 'Actions', 'Created', 'Result', 'Printer', 'Test page', 'completed', 'Unknown', 'not valid'];
const SPANISH_WORDS = ['Impresora', 'Impresoras', 'Actualizar', 'Estado', 'Lista', 'Predeterminada', 'Reimprimir', 'Detalles', 'Impreso', 'Con error', 'térmica', 'Buscar', 'Guardar', 'Idioma', 'Entorno', 'Modo seguro', 'Seguridad', 'Acciones', 'Creado', 'Resultado', 'Página', 'cola', 'Trabajo', 'válido', 'Reimpresión'];

/** One ticket that prints and one whose document is wrong (it fails with `COMMAND: …`). */
async function someJobs(app: RunningApp): Promise<{ good: string; bad: string }> {
  const { id: good } = await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'text', data: { text: 'café solo' } }] } });
  const { id: bad } = await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'hologram' }] } });
  await expect.poll(() => app.host.running().service.job(bad)?.state).toBe('error');
  await expect.poll(() => app.host.running().service.job(good)?.state).toBe('success');
  return { good, bad };
}

async function visibleWords(page: Page, words: readonly string[]): Promise<string[]> {
  // Data the service holds (printer names, ids, technical details) is not a text of the window: leave it out.
  const text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll('[data-service], input, textarea')) data.remove();
    return copy.innerText;
  });
  return words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text));
}

async function chooseLanguage(page: Page, language: 'es' | 'en') {
  await page.getByRole('tab', { name: language === 'en' ? 'Ajustes' : 'Settings' }).click();
  // The language applies as it is picked, without Save (issue 32).
  await page.getByLabel(language === 'en' ? 'Idioma' : 'Language').selectOption(language);
  await expect(page.getByRole('tab', { name: TABS[language][0] })).toBeVisible();
}

async function printersActions(page: Page, app: RunningApp): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Impresoras' }).click();
  const row = page.getByTestId(`printer-${VIRTUAL_PRINTER_NAME}`);
  await expect(row).toContainText('Lista');

  await row.getByRole('button', { name: 'Imprimir una página de prueba en Impresora virtual' }).click();
  await expect(page.getByTestId('printers-notice')).toContainText('Página de prueba enviada');
  await expect.poll(() => app.host.running().service.recentJobs(1)[0]?.state).toBe('success');
  const job = app.host.running().service.recentJobs(1)[0];
  expect(job?.requestedPrinter).toBe(VIRTUAL_PRINTER_NAME);
  expect(JSON.stringify(job?.datos)).toContain('ñ Ñ € á é í ó ú ü ¿ ¡');

  await expect(page.getByTestId('printer-summary')).toContainText('Sin impresora predeterminada');
  await row.getByRole('button', { name: 'Usar como predeterminada' }).click();
  await expect(page.getByTestId('printers-notice').filter({ hasText: 'es ahora la impresora predeterminada' })).toBeVisible();
  await expect(row.getByTestId('default-badge')).toHaveText('Predeterminada');
  await expect(page.getByTestId('printer-summary')).toContainText('van a: Impresora virtual');
  expect((await app.host.handlers.getSettings()).defaultPrinter).toBe(VIRTUAL_PRINTER_NAME);
}

async function settingsWarnings(page: Page, app: RunningApp): Promise<void> {
  // Campus is an optional service (issue 24): its key shows once it is switched on.
  await app.host.handlers.updateSettings({ settings: { campusEnabled: true } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Ajustes' }).click();
  // The campus open-data service (issue 12) has its key and address here like the other outside services.
  await expect(page.getByText('Clave de la API del campus')).toBeVisible();
  await expect(page.getByText('Con el modo seguro')).toBeVisible();

  // The network is a technician's: under "Avanzado".
  await openAdvancedSettings(page);
  const port = await page.getByLabel('Puerto', { exact: true }).inputValue();
  await page.getByLabel('Puerto', { exact: true }).fill('70000');
  await expect(page.getByText('Escriba un número entero entre 1 y 65535.')).toBeVisible();
  await page.getByLabel('Puerto', { exact: true }).fill(port);
  // A site allowed by hand (the POS's address known in advance) applies at once, without Save.
  const sites = page.getByTestId('origin-settings');
  await sites.getByLabel('Permitir otro sitio').fill('tpv mitienda.es');
  await sites.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(sites.getByText('«tpv mitienda.es» no es el nombre de un sitio web')).toBeVisible();
  // The name alone is enough: https is assumed (issue 32).
  await sites.getByLabel('Permitir otro sitio').fill('tpv.mitienda.es');
  await sites.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(sites.getByTestId('origins-allowed')).toContainText('https://tpv.mitienda.es');
  expect((await app.host.handlers.originRequests()).allowed).toEqual(['https://tpv.mitienda.es']);

  await page.getByLabel('Entorno').selectOption('production');
  await expect(page.getByTestId('warn-no-token')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Guardar con menos protección?');
  await expect(dialog).toContainText('sin token');
  await page.screenshot({ path: test.info().outputPath('settings-confirm-1280.png'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect((await app.host.handlers.getSettings()).env).toBe('development');

  // Back on this computer only: nothing asked, and nothing changed, so nothing is said saved (issue 32); Save leaves the
  // site answers alone.
  await page.getByLabel('Entorno').selectOption('development');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('settings-unchanged')).toHaveText('Sin cambios: no había nada que guardar.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('settings-saved')).toHaveCount(0);
  expect((await app.host.handlers.getSettings()).allowedOrigins).toEqual(['https://tpv.mitienda.es']);

  // Removing a site needs no confirmation: an empty list no longer lets every site in, it asks.
  await sites.getByRole('button', { name: 'Quitar https://tpv.mitienda.es de la lista' }).click();
  await expect(sites.getByTestId('origins-allowed')).toContainText('Ninguno.');
  await expect.poll(async () => (await app.host.handlers.getSettings()).allowedOrigins).toEqual([]);
}

test.describe('printers, jobs and settings pages', () => {
  test('every text is in the chosen language only, service texts included', async ({ page, app }) => {
    await someJobs(app);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    for (const [language, foreign] of [
      ['es', ENGLISH_WORDS],
      ['en', SPANISH_WORDS],
      ['es', ENGLISH_WORDS],
    ] as const) {
      if (language === 'en') await chooseLanguage(page, 'en');
      if (language === 'es' && (await page.getByRole('tab', { name: 'Settings' }).count()) > 0) await chooseLanguage(page, 'es');
      for (const tab of TABS[language]) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.locator('main h2')).toHaveText(tab);
        await expect(page.locator('main [role="progressbar"], main .fui-Spinner')).toHaveCount(0);
        expect(await visibleWords(page, foreign), `${tab} (${language})`).toEqual([]);
      }
    }
    // The jobs page says the failed ticket's category in English, the service's words only as technical detail.
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    await chooseLanguage(page, 'en');
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await expect(page.getByRole('table')).toContainText('The ticket has an unknown command');
    await expect(page.getByRole('table')).toContainText('Printed');
  });

  test('jobs: search by id and text, filter by state, pages, detail, reprint only where it can succeed', async ({ page, app }) => {
    const { good, bad } = await someJobs(app);
    for (let n = 0; n < 22; n += 1) await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'text', data: { text: `ticket ${n}` } }] } });
    await expect.poll(() => app.host.running().service.recentJobs(100).filter((job) => job.state === 'success').length).toBe(23);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Trabajos' }).click();

    await expect(page.getByTestId('jobs-range')).toHaveText('1–20 de 24');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page.getByTestId('jobs-range')).toHaveText('21–24 de 24');
    await expect(page.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    await page.getByLabel('Estado').selectOption('error');
    await expect(page.getByTestId('jobs-range')).toHaveText('1–1 de 1');
    const failed = page.getByTestId(`job-${bad}`);
    await expect(failed).toContainText('Con error');
    await expect(failed).toContainText('El ticket tiene un comando desconocido');
    // Printing the same wrong document again would fail the same way: no reprint, and the detail says why.
    await expect(failed.getByRole('button', { name: 'Reimprimir' })).toHaveCount(0);
    await failed.getByRole('button', { name: 'Detalles' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(bad);
    await expect(dialog).toContainText('No se puede reimprimir');
    await expect(dialog).toContainText('hologram');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Estado').selectOption('all');
    await page.getByLabel('Buscar por id o texto').fill(good.slice(0, 13));
    await expect(page.getByTestId('jobs-range')).toHaveText('1–1 de 1');
    await expect(page.getByTestId(`job-${good}`)).toBeVisible();
    await page.getByLabel('Buscar por id o texto').fill('hologram');
    await expect(page.getByTestId(`job-${bad}`)).toBeVisible();
    await page.getByLabel('Buscar por id o texto').fill('no existe tal cosa');
    await expect(page.getByText('Ningún trabajo coincide con la búsqueda.')).toBeVisible();

    await page.getByLabel('Buscar por id o texto').fill(good);
    const row = page.getByTestId(`job-${good}`);
    await row.getByRole('button', { name: 'Detalles' }).click();
    await expect(page.getByRole('dialog')).toContainText('Terminó');
    await page.getByRole('dialog').getByRole('button', { name: 'Reimprimir' }).click();
    await expect(page.getByTestId('jobs-notice').getByText('Reimpresión en cola', { exact: true })).toBeVisible();
    await expect(row).toContainText('×2');
    expect(app.host.running().service.job(good)?.reprints).toBe(1);
    await page.screenshot({ path: test.info().outputPath('jobs-dialog-1024.png'), animations: 'disabled' });
  });

  test('printers: prints a test page and sets the default printer at once', async ({ page, built }) => {
    expect(built).toBe(true);
    // Setting the default restarts the service: the browser logs the refused calls of that moment, so no `app` fixture.
    const app = await startApp();
    try {
      await printersActions(page, app);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test('settings: warns before opening to the network without a token, allows a site at once, and says what is wrong per field', async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp();
    try {
      await settingsWarnings(page, app);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 800, height: 600 },
  ]) {
    test(`${size.width}×${size.height}: no serious accessibility problem and no horizontal scroll`, async ({ page, app }) => {
      await someJobs(app);
      await page.setViewportSize(size);
      await page.goto(app.url);
      for (const [tab, name] of [
        ['Impresoras', 'printers'],
        ['Trabajos', 'jobs'],
        ['Ajustes', 'settings'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.locator('main h2')).toHaveText(tab);
        await expect(page.locator('main .fui-Spinner')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
        await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
        expect(await seriousViolations(page, 'main'), name).toEqual([]);
      }
    });
  }
});
