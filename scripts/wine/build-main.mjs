// Builds the main-process bundle exactly as `npm run build` does (electron.vite.config.ts: out/main with cli.js and
// the worker threads), but into another folder, so the Wine suite runs the code as it ships without touching the
// tree's own out/ (and without building the preload and the window, which Wine does not need).
// Usage: node scripts/wine/build-main.mjs NEW_DIR   → NEW_DIR/main/cli.js, NEW_DIR/main/winspool-worker.js, …
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node scripts/wine/build-main.mjs NEW_DIR');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Into a new or empty folder only: nothing is ever deleted to make room (vite warns that it will not empty it).
if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) {
  console.error(`${outDir} is not empty: give a new folder`);
  process.exit(2);
}
const { config } = await resolveConfig({ root, logLevel: 'error', build: { outDir: path.resolve(outDir) } }, 'build', 'production');
if (!config?.main) throw new Error('electron.vite.config.ts has no main build');
await build(config.main);
