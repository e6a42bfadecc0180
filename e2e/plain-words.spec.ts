import fs from 'node:fs';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';

const SHOTS = '/tmp/shots-plain-words';
const es = LOCALES.es;
const VIRTUAL_LISTED_NAME = 'Ticketera Virtual Printer';

/** A local day as the Spanish window writes it (20/05/2025). */
function spanishDay(offsetDays: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('no English in the Spanish window: the virtual printer named in Spanish in the Jobs filter and on the test page; days written dd/mm/aaaa', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  // The test page from the Printers page, on the virtual printer as the list names it.
  await page.getByRole('tab', { name: es.printers }).click();
  const row = page.getByTestId(`printer-${VIRTUAL_LISTED_NAME}`);
  await row.getByRole('button', { name: es.printTestPageOf.replace('{{name}}', es.virtualPrinterName) }).click();
  await expect(page.getByTestId('printers-notice').first()).toBeVisible();
  await expect.poll(async () => (await app.host.handlers.listJobs({})).jobs.length).toBe(1);
  const [job] = (await app.host.handlers.listJobs({})).jobs;
  const detail = await app.host.handlers.getJob({ id: job?.id ?? '' });
  const printedText = JSON.stringify(detail?.datos);
  expect(printedText).toContain(`Impresora: ${es.virtualPrinterName}`);
  expect(printedText).not.toContain(VIRTUAL_LISTED_NAME);

  // Jobs: the printer filter names it in Spanish, and days are typed and shown as dd/mm/aaaa.
  await page.getByRole('tab', { name: es.jobs }).click();
  const printer = page.getByLabel('Impresora', { exact: true });
  await expect(printer.locator('option', { hasText: es.virtualPrinterName })).toHaveCount(1);
  await expect(page.getByRole('main')).not.toContainText(VIRTUAL_LISTED_NAME);
  const from = page.getByLabel(es.dateFrom);
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await from.fill(spanishDay(1));
  await expect(page.getByText('Ningún trabajo coincide con la búsqueda.')).toBeVisible();
  await from.fill(spanishDay(0));
  await expect(page.getByText('Ningún trabajo coincide con la búsqueda.')).toBeHidden();
  await expect(from).toHaveValue(spanishDay(0));
  await page.screenshot({ path: `${SHOTS}/jobs-filters-es-1024.png` });
  expect(await foreignTextsShown(page, 'es')).toEqual([]);
});

test('while the service is away the Spanish window says so in Spanish, never "Failed to fetch"', async ({ page, built }) => {
  expect(built).toBe(true);
  const app = await startApp();
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await app.host.stop();
    // A page opened now cannot read anything: its message is the window's own.
    await page.getByRole('tab', { name: es.jobs }).click();
    await expect(page.getByText(es.problemUnreachable).first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('tab', { name: es.printers }).click();
    await expect(page.getByText(es.problemUnreachable).first()).toBeVisible({ timeout: 15_000 });
    const body = await page.evaluate(() => document.body.innerText);
    expect(body).not.toContain('Failed to fetch');
    expect(body).not.toMatch(/fetch/i);
    await page.screenshot({ path: `${SHOTS}/offline-es-1024.png` });
  } finally {
    await page.goto('about:blank');
  }
});
