import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir, type CommandLineSettings } from '../service-config';
import { NO_ENCRYPTION } from '../settings/encryptor';
import { SettingsStore } from '../settings/settings-store';
import { startAppHost, type AppHost } from './app-host';

/**
 * For `npm run service` / `out/main/cli.js serve`: the saved settings, with the flags given on the command line
 * over them (only those: a flag left out never hides a saved token or origin list), plus the window's API and the
 * built React window as the dashboard. The window shows the flagged values as fixed. Without Electron there is no
 * keychain, so secrets entered in the browser are kept for this run only (the window says so).
 */
export function startServiceWithWindow(
  commandLine: CommandLineSettings,
  options: { rendererDir?: string; log?: (line: string) => void } = {},
): Promise<AppHost> {
  const dataDir = commandLine.overrides.dataDir ?? defaultDataDir();
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), NO_ENCRYPTION, options.log);
  return startAppHost({
    settings,
    dataDir,
    rendererDir: options.rendererDir,
    log: options.log,
    configOverrides: { ...commandLine.overrides, dataDir },
    fixedBy: commandLine.fixedBy,
  });
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
