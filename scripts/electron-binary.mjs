// The Electron binary is only needed for the desktop app (npm start, npm run dev, the installer). Its own install
// script downloads it from the internet and fails the whole `npm install` where that host cannot be reached, so
// package.json's allowScripts blocks it and this script runs it instead: a download that fails leaves a note and
// the install succeeds (the print service, the tests and the build do not need the binary).
//   node scripts/electron-binary.mjs            postinstall: try to fetch it, never fail
//   node scripts/electron-binary.mjs --require  before npm start / npm run dev: say how to get it when missing
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const required = process.argv.includes('--require');

function electronDir() {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

function binaryPresent(dir) {
  const pathFile = path.join(dir, 'path.txt');
  return fs.existsSync(pathFile) && fs.existsSync(path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8').trim()));
}

const HOW_TO =
  'To run the desktop app, fetch it on a machine that reaches Electron\'s download host: `node node_modules/electron/install.js` ' +
  '(or set ELECTRON_MIRROR to a mirror you can reach, then run it). `npm run service` and `npm test` work without it.';

const dir = electronDir();
if (!dir) {
  if (required) {
    console.error('The electron package is not installed: run `npm install` first.');
    process.exit(1);
  }
  process.exit(0);
}
if (binaryPresent(dir)) process.exit(0);
if (required) {
  console.error(`The Electron binary is missing (${path.join(dir, 'dist')}). ${HOW_TO}`);
  process.exit(1);
}
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log(`Electron binary not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set). ${HOW_TO}`);
  process.exit(0);
}
const fetched = spawnSync(process.execPath, [path.join(dir, 'install.js')], { cwd: dir, encoding: 'utf8', timeout: 10 * 60 * 1000 });
if (fetched.status === 0 && binaryPresent(dir)) {
  console.log('Electron binary installed.');
} else {
  const reason = (fetched.stderr || fetched.error?.message || '').split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
  console.log(`Electron binary could not be downloaded (${reason.trim()}). ${HOW_TO}`);
}
