// `npm run service` on a fresh clone must show the real window at `/`, not the plain fallback page: build it first
// when out/renderer is missing or older than its sources (a few seconds; skipped when up to date). A failed build
// is reported and the service starts anyway, with the plain page.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtPage = path.join(root, 'out', 'renderer', 'index.html');
const SOURCES = ['src/renderer', 'src/shared'].map((dir) => path.join(root, dir));

function newestChange(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(builtPage) ? fs.statSync(builtPage).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
  console.log('Building the Ticketera window (out/renderer)…');
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const build = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) console.log('The window could not be built: the service starts with its plain page. Run `npm run build` to see why.');
}
