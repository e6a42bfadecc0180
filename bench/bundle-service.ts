import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

let built: Promise<string> | undefined;

/**
 * The service exactly as it ships: `electron-vite build` (electron.vite.config.ts, the same command as `npm run
 * build`) into a bench-only output folder, then its out/main/cli.js — the CLI chunk, the shared chunks it loads at
 * start or on first use, the worker entries, and the dependencies left to node_modules, as in the packaged app. So
 * memory and latency are measured on what a shop runs, without tsx's transpiler in the process, and without the
 * bench rebuilding the project's own out/ under the tests that use it. Built once per bench run; every section shares it.
 */
export function bundleServiceCli(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const root = path.resolve(__dirname, '..');
  // Inside the project (git-ignored) so the built files find node_modules; named `out` so the CLI finds the built
  // window beside it (out/renderer) as the shipped one does.
  const outDir = path.join(root, '.tmp', 'bench', 'out');
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  await promisify(execFile)(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return path.join(outDir, 'main', 'cli.js');
}
