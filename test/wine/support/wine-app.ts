import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const DRIVERS = ['spooler', 'print-once', 'tcp-table'];

/**
 * The app for the Windows side, in `dir`: main/ is the main-process bundle as `npm run build` makes it (cli.js and
 * the worker threads: encoder, spooler), and the test drivers (test/wine/drivers) are bundled into the same
 * folder, so the code they share with the app starts those built worker threads just as the app does.
 * Dependencies stay outside the bundles and are found through NODE_PATH (see WineSuite).
 */
export async function buildWineApp(dir: string): Promise<{ main: string }> {
  await exec(process.execPath, [path.join(ROOT, 'scripts', 'wine', 'build-main.mjs'), dir], { cwd: ROOT });
  const main = path.join(dir, 'main');
  await build({
    entryPoints: Object.fromEntries(DRIVERS.map((name) => [name, path.join(ROOT, 'test', 'wine', 'drivers', `${name}.ts`)])),
    outdir: main,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
  });
  return { main };
}
