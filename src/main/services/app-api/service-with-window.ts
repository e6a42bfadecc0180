import fs from 'node:fs';
import path from 'node:path';
import type { ServiceConfig } from '../service-config';
import { NO_ENCRYPTION } from '../settings/encryptor';
import { SettingsStore } from '../settings/settings-store';
import { startAppHost, type AppHost } from './app-host';

/**
 * For `npm run service` / `out/main/cli.js serve`: the service as the flags configure it, plus the window's API and
 * the built React window as the dashboard. Flags win over saved settings, and without Electron there is no
 * keychain, so secrets entered in the browser are kept for this run only.
 */
export function startServiceWithWindow(config: ServiceConfig, options: { rendererDir?: string; log?: (line: string) => void } = {}): Promise<AppHost> {
  const settings = SettingsStore.open(path.join(config.dataDir, 'settings.json'), NO_ENCRYPTION, options.log);
  return startAppHost({ settings, dataDir: config.dataDir, rendererDir: options.rendererDir, log: options.log, configOverrides: config });
}

/**
 * The built window, `out/renderer`: beside the bundled CLI (out/main) or under the project when run from source with
 * tsx. Never `src/renderer`, whose index.html is the unbuilt source.
 */
export function findRendererBuild(fromDir: string): string | undefined {
  for (let dir = fromDir, depth = 0; depth < 6; dir = path.dirname(dir), depth++) {
    const candidate = path.basename(dir) === 'out' ? path.join(dir, 'renderer') : path.join(dir, 'out', 'renderer');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
