import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { startAppHost, type AppHost, type AppHostOptions } from '../../src/main/services/app-api/app-host';
import type { SettingsPatch } from '../../src/shared/contract/settings';
import type { CommandLineSettings } from '../../src/main/services/service-config';
import { NO_ENCRYPTION } from '../../src/main/services/settings/encryptor';
import { SettingsStore } from '../../src/main/services/settings/settings-store';

const root = path.resolve(__dirname, '../..');
/** `TICKETERA_E2E_OUT` builds elsewhere than out/, so two checkouts' (or people's) runs never rebuild under each other. */
const OUT_DIR = process.env.TICKETERA_E2E_OUT ?? path.join(root, 'out');
export const RENDERER_DIR = path.join(OUT_DIR, 'renderer');

/** Builds the window exactly as `npm run build` does, so the browser gets the real bundle (out/ is not committed). */
export function buildRenderer(): void {
  execFileSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build', '--outDir', OUT_DIR], { cwd: root, stdio: 'pipe' });
}

export interface RunningApp {
  host: AppHost;
  url: string;
}

/**
 * The real service with the app's API and the built window at `/`, on a free loopback port. `commandLine` starts it
 * as `serve` with those flags would (the window then shows them as fixed).
 */
export async function startApp(
  options: {
    token?: string;
    dataDir?: string;
    commandLine?: CommandLineSettings;
    port?: number;
    /** Saved settings to start with, as if the owner had set them in the window. */
    settings?: SettingsPatch;
    /** How often printers that read back are asked about themselves (tests: quickly). */
    monitorTiming?: AppHostOptions['monitorTiming'];
  } = {},
): Promise<RunningApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-e2e-'));
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), NO_ENCRYPTION);
  if (options.token) settings.update({ secrets: { token: options.token } });
  if (options.settings) settings.update({ settings: options.settings });
  const host = await startAppHost({
    settings,
    dataDir,
    rendererDir: RENDERER_DIR,
    printerDiscovery: [],
    // `port` starts it again where a stopped one was, for the window already open on it to find it.
    configOverrides: { ...options.commandLine?.overrides, host: '127.0.0.1', port: options.port ?? 0 },
    ...(options.commandLine ? { fixedBy: options.commandLine.fixedBy } : {}),
    ...(options.monitorTiming ? { monitorTiming: options.monitorTiming } : {}),
  });
  return { host, url: `http://127.0.0.1:${host.running().address.port}/` };
}

/**
 * A test whose service restarts (a new token, a new port) annotates itself with this: the window's requests while it
 * is down are refused, as they should be, and are not counted as problems.
 */
export const SERVICE_RESTARTS = { type: 'service-restarts', description: 'requests refused or reset during the restart are expected' };

/** The window built once by the run's global setup (e2e/support/global-setup.ts), and a fresh service (empty journal) per test. */
export const test = base.extend<{ app: RunningApp }, { built: true }>({
  built: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
    async ({}, use) => {
      if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) throw new Error(`the window was not built into ${RENDERER_DIR}`);
      await use(true);
    },
    { scope: 'worker' },
  ],
  app: async ({ built, page }, use) => {
    if (!built) throw new Error('renderer not built');
    // A CSP violation or a failed event stream shows up here before it shows up as a flaky assertion.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const app = await startApp();
    await use(app);
    // Leave the page first so the closing service is not reported as a failed event stream.
    await page.goto('about:blank');
    await app.host.stop();
    const restarts = base.info().annotations.some((annotation) => annotation.type === SERVICE_RESTARTS.type);
    // A request caught by the restart is refused (the port closed) or reset (the socket closed under it): both expected.
    const restartArtifact = (problem: string): boolean => restarts && /net::ERR_CONNECTION_(REFUSED|RESET)/.test(problem);
    expect(problems.filter((problem) => !restartArtifact(problem))).toEqual([]);
  },
});

export { expect };
