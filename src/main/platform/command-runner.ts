import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  input?: Uint8Array;
  timeoutMs?: number;
}

/** Runs a system tool; an interface so the CUPS adapter can be tested with canned output too. */
export type CommandRunner = (file: string, args: readonly string[], options?: CommandOptions) => Promise<CommandResult>;

/**
 * Runs a command in the C locale (CUPS tools translate their output, and we parse it), bounded in time. A missing
 * tool rejects; a tool that fails resolves with its exit code so callers can read its message.
 */
export const runCommand: CommandRunner = (file, args, options = {}) =>
  new Promise<CommandResult>((resolve, reject) => {
    const child = spawn(file, [...args], {
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const timeoutMs = options.timeoutMs ?? 10_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
    // A tool that exits before reading its input (lp refusing a queue) must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ? Buffer.from(options.input) : undefined);
  });
