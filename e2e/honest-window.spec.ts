import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readServeFlags } from '../src/main/cli/serve-options';
import { mountSmallVolume } from '../test/support/small-volume';
import { expect, startApp, test } from './support/app-fixture';
import { openAdvancedSettings } from './support/settings-page';

const asRoot = process.getuid?.() === 0;

test.describe('the window tells the truth about the service', () => {
  test('says the journal was damaged at start-up, which file, where the copy is and what may be lost', async ({ page, built }) => {
    expect(built).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-e2e-damaged-'));
    fs.writeFileSync(path.join(dataDir, 'journal.sqlite'), 'esto no es una base de datos '.repeat(200));
    const app = await startApp({ dataDir });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(app.url);
      const banner = page.getByTestId('journal-damage');
      await expect(banner).toContainText('El diario de trabajos estaba dañado al arrancar');
      await expect(banner).toContainText(path.join(dataDir, 'journal.sqlite'));
      await expect(banner).toContainText('journal-damaged-');
      await expect(banner).toContainText('Se empezó un diario nuevo');
      await page.screenshot({ path: test.info().outputPath('journal-damaged-1280.png') });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test('says the disk is full while tickets cannot be stored, and stops saying it once space returns', async ({ page, built }) => {
    test.skip(!asRoot, 'mounting a tmpfs to fill needs root (CI runs as root)');
    expect(built).toBe(true);
    const volume = mountSmallVolume(2048);
    const app = await startApp({ dataDir: volume.dir });
    try {
      await page.goto(app.url);
      await expect(page.getByTestId('queue-text')).toBeVisible();
      volume.fill();
      // The next write finds the disk full (a ticket the POS sends, here one from the window).
      await page.getByRole('button', { name: 'Imprimir' }).click();
      const problem = page.getByTestId('journal-problem');
      await expect(problem).toContainText('El disco está lleno', { timeout: 10_000 });
      await page.screenshot({ path: test.info().outputPath('disk-full-1024.png') });
      volume.free();
      await expect(problem).toBeHidden({ timeout: 10_000 });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      volume.unmount();
    }
  });

  test('shows settings fixed by the command line as fixed, with the running value', async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ commandLine: readServeFlags(['--queue-capacity', '9', '--safe-mode', 'off'], {}) });
    try {
      await page.goto(app.url);
      await page.getByRole('tab', { name: 'Ajustes' }).click();
      // The queue's limits are a technician's: under "Avanzado".
      await openAdvancedSettings(page);
      const capacity = page.getByLabel('Capacidad de la cola');
      await expect(capacity).toHaveValue('9');
      await expect(capacity).toBeDisabled();
      await expect(page.getByTestId('fixed-queueCapacity')).toHaveText('Fijado por --queue-capacity al arrancar el servicio: no se puede cambiar aquí.');
      await expect(page.getByLabel('Modo seguro')).not.toBeChecked();
      await expect(page.getByLabel('Modo seguro')).toBeDisabled();
      await page.getByLabel('Límite por minuto').fill('12');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('settings-saved')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByLabel('Límite por minuto')).toHaveValue('12');
      await expect(page.getByLabel('Capacidad de la cola')).toHaveValue('9');
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
});
