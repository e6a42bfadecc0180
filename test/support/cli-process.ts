import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- …` as a person runs it, as a child process (async, so an emulator in the test's process keeps
 * answering), in English (`LANG=C`) unless `env` says otherwise. Node loads tsx itself rather than through the tsx
 * launcher, so a kill reaches the CLI process and not just a wrapper.
 */
export function startCli(args: string[], env: Record<string, string>): { child: ChildProcess; run: CliRun; done: Promise<CliRun> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', ...env },
  });
  const run: CliRun = { code: null, stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => void (run.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (run.stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ ...run, code })));
  return { child, run, done };
}
