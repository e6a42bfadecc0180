import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildServiceCli } from './bundle-service';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/** The service of an earlier commit, built as it shipped then, to measure today's beside it in the same run. */
export interface BaselineService {
  /** The commit as asked for (`3fb5f5f`), for the rows' names. */
  name: string;
  /** Its out/main/cli.js. */
  entry: string;
}

let asked: string | undefined;
let built: Promise<BaselineService> | undefined;

/**
 * `npm run bench -- … --baseline <commit>`: the sections that can (the print service) also run that commit's service
 * and give today's figures as ratios to it, measured side by side in the same run, so the machine's load at the time
 * weighs on both alike.
 */
export function chooseBaseline(commit: string): void {
  asked = commit;
}

/** The chosen commit's service, checked out and built once per bench run; undefined when none was chosen. */
export function baselineServiceCli(): Promise<BaselineService> | undefined {
  if (asked === undefined) return undefined;
  const commit = asked;
  built ??= checkOutAndBuild(commit);
  return built;
}

/**
 * A temporary git worktree of the commit (the working tree is left alone) sharing this checkout's node_modules,
 * built with its own electron.vite.config.ts; removed when the bench exits.
 */
async function checkOutAndBuild(commit: string): Promise<BaselineService> {
  const { stdout } = await run('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT });
  const sha = stdout.trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ticketera-baseline-${sha.slice(0, 7)}-`));
  await run('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT });
  process.once('exit', () => removeWorktree(dir));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removeWorktree(dir);
      process.exit(130);
    });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { name: commit, entry: await buildServiceCli(dir) };
}

function removeWorktree(dir: string): void {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
