import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from '@playwright/test';
import { buildRenderer, expect, test } from './support/app-fixture';

const root = path.resolve(__dirname, '..');

/** The `electron` package exports its binary's path, and throws when the binary was never downloaded. */
function electronBinary(): string | undefined {
  try {
    const binary: unknown = require('electron');
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const binary = electronBinary();

test.describe('the Electron app', () => {
  test.skip(
    binary === undefined,
    'Electron binary not installed (npm install could not reach its download host): run `node node_modules/electron/install.js`, then `npx playwright test e2e/electron.spec.ts`, where it can',
  );

  test('opens the window and runs the tray print service on its port', async () => {
    buildRenderer();
    // A throw-away user data dir (never the real %APPDATA%\Ticketera): Electron derives userData from APPDATA /
    // XDG_CONFIG_HOME plus the product name, and the switch pins it as well.
    const appData = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-electron-'));
    const userData = path.join(appData, 'Ticketera');
    fs.mkdirSync(userData);
    const port = await freePort();
    fs.writeFileSync(path.join(userData, 'settings.json'), JSON.stringify({ version: 1, settings: { port }, secrets: {} }));
    const app = await electron.launch({
      executablePath: binary,
      args: [root, `--user-data-dir=${userData}`],
      cwd: root,
      env: { ...process.env, APPDATA: appData, XDG_CONFIG_HOME: appData },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByRole('tab', { name: 'Diseño' })).toBeVisible();
      await page.getByRole('tab', { name: 'Diseño' }).click();
      await expect(page.getByTestId('preview-image')).toBeVisible();
      expect(await page.evaluate(() => ({ api: typeof window.api, require: 'require' in window, process: 'process' in window }))).toEqual({
        api: 'object',
        require: false,
        process: false,
      });
      const health = await fetch(`http://localhost:${port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', queue: { capacity: 100 } });
    } finally {
      await app.close();
    }
  });
});
