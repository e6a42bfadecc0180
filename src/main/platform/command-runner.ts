import { spawn, type ChildProcess } from 'node:child_process';

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
 *
 * Never leaves an error unhandled: out of file descriptors (EMFILE), `spawn` either throws at once or hands back a
 * child without its pipes that emits `error` on the next tick, so the listener goes on before anything else is
 * touched and every stream gets its own.
 */
export const runCommand: CommandRunner = (file, args, options = {}) =>
  new Promise<CommandResult>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(file, [...args], {
        env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    let settled = false;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    child.once('error', (error) => finish(() => reject(error)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new Error(`${file} did not answer within ${timeoutMs} ms`)));
    }, timeoutMs);
    const { stdin, stdout, stderr } = child;
    // Spawning failed before the pipes existed (EMFILE, ENFILE): the child's `error`, already listened to, says why
    // on the next tick; the timer stays as the backstop.
    if (!stdin || !stdout || !stderr) return;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    stdout.on('data', (chunk: Buffer) => out.push(chunk));
    stderr.on('data', (chunk: Buffer) => err.push(chunk));
    stdout.on('error', () => undefined);
    stderr.on('error', () => undefined);
    child.once('close', (code) => {
      finish(() => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    });
    // A tool that exits before reading its input (lp refusing a queue) must not crash us with EPIPE.
    stdin.on('error', () => undefined);
    stdin.end(options.input ? Buffer.from(options.input) : undefined);
  });
