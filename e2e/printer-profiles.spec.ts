import fs from 'node:fs';
import path from 'node:path';
import { VIRTUAL_PRINTER_NAME } from '../src/main/platform/virtual/virtual-transport';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';

const SHOTS = '/tmp/shots-profiles';

/** Width of a PNG from its IHDR chunk. */
const pngWidth = (file: string): number => fs.readFileSync(file).readUInt32BE(16);

test('printers: a printer set to TM-T88VI gets 42-column, 512-dot tickets from a POS that only says "epson"', async ({ page, built }) => {
  expect(built).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
  // Choosing a model saves the settings, which restarts the service: no `app` fixture (it fails on refused calls).
  const app = await startApp();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: 'Impresoras' }).click();
    const row = page.getByTestId(`printer-${VIRTUAL_PRINTER_NAME}`);
    const model = row.getByRole('combobox', { name: 'Modelo de Impresora virtual' });
    await expect(model).toHaveText('ESC/POS genérica');
    await expect(page.getByText('si activó en una la emulación ESC/POS, elija «ESC/POS genérica»')).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await model.click();
    await expect(page.getByRole('option', { name: 'Epson TM-T88VI', exact: true })).toBeVisible();
    // Star printers are offered in both their languages: Star Line Mode (TSP650II) and StarPRNT (TSP100IV, mC-Print).
    await expect(page.getByRole('option', { name: 'Star TSP650II', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Star TSP100IV', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Star mC-Print2', exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'printers-model-open-1280x800.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('option', { name: 'Epson TM-T88VI', exact: true }).click();
    await expect(page.getByTestId('printers-notice').filter({ hasText: 'imprime ahora como Epson TM-T88VI' })).toBeVisible();
    await expect(model).toHaveText('Epson TM-T88VI');
    await expect.poll(async () => (await app.host.handlers.getSettings()).printerProfiles).toEqual([{ printer: VIRTUAL_PRINTER_NAME, model: 'epson-tm-t88vi' }]);
    await expect.poll(async () => (await app.host.handlers.getSettings()).applying).toBe(false);

    // A POS app that names only "epson" now gets the TM-T88's layout on this printer: 48 characters wrap at 42.
    const line = 'x'.repeat(48);
    const { id } = await app.host.handlers.submitJob({
      document: { version: '1.0', profile: { model: 'epson' }, commands: [{ type: 'text', data: { text: line } }] },
      printer: VIRTUAL_PRINTER_NAME,
    });
    await expect.poll(() => app.host.running().service.job(id)?.state).toBe('success');
    const base = path.join(app.host.config().dataDir, 'virtual-printer', id);
    await expect.poll(() => fs.existsSync(`${base}.png`)).toBe(true);
    const printed = fs.readFileSync(`${base}.bin`).toString('latin1');
    expect(printed).toContain(`${'x'.repeat(42)}\n${'x'.repeat(6)}\n`);
    expect(pngWidth(`${base}.png`)).toBe(512);

    await page.reload();
    await page.getByRole('tab', { name: 'Impresoras' }).click();
    await expect(row.getByRole('combobox', { name: 'Modelo de Impresora virtual' })).toHaveText('Epson TM-T88VI');
    await page.screenshot({ path: path.join(SHOTS, 'printers-model-1280x800.png') });
    for (const size of [{ width: 1024, height: 768 }, { width: 800, height: 600 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `printers-model-${size.width}x${size.height}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size.width}: scrolls sideways`).toBe(true);
    }
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});
