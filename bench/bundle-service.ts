import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..');

let built: Promise<string> | undefined;

/**
 * The service exactly as it ships: `electron-vite build` (electron.vite.config.ts, the same command as `npm run
 * build`) into a bench-only output folder, then its out/main/cli.js — the CLI chunk, the shared chunks it loads at
 * start or on first use, the worker entries, and the dependencies left to node_modules, as in the packaged app. So
 * memory and latency are measured on what a shop runs, without tsx's transpiler in the process, and without the
 * bench rebuilding the project's own out/ under the tests that use it. Built once per bench run; every section shares it.
 */
export function bundleServiceCli(): Promise<string> {
  built ??= buildServiceCli(ROOT);
  return built;
}

/**
 * Builds the checkout at `root` (this one, or a baseline's worktree) and returns its CLI. The output sits inside the
 * checkout (git-ignored) so the built files find node_modules, named `out` so the CLI finds the built window beside it
 * (out/renderer) as the shipped one does, in a folder of this run's own: two benches at once never build over each
 * other's service while it runs. Removed when the bench exits.
 */
export async function buildServiceCli(root: string): Promise<string> {
  const runDir = path.join(root, '.tmp', 'bench', `run-${process.pid}`);
  const outDir = path.join(runDir, 'out');
  process.once('exit', () => fs.rmSync(runDir, { recursive: true, force: true }));
  const cli = path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  await promisify(execFile)(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return path.join(outDir, 'main', 'cli.js');
}
