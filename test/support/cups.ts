import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const exec = promisify(execFile);
const C_LOCALE = { ...process.env, LC_ALL: 'C', LANG: 'C' };
const CUPSD = '/usr/sbin/cupsd';

/** Where a CUPS tool is: on PATH, else in /usr/sbin (lpadmin lives there, and a non-root PATH often lacks it). */
function toolPath(tool: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(':').filter(Boolean), '/usr/sbin'];
  return dirs.map((dir) => `${dir}/${tool}`).find((candidate) => fs.existsSync(candidate));
}

const TOOLS = { lpstat: toolPath('lpstat'), lpadmin: toolPath('lpadmin'), cancel: toolPath('cancel'), lp: toolPath('lp') };

/** Why the real-CUPS tests cannot run here, or undefined when they can. */
export const cupsMissingReason: string | undefined = detectMissing();

function detectMissing(): string | undefined {
  if (process.platform === 'win32') return 'CUPS does not exist on Windows';
  const missing = Object.entries(TOOLS).flatMap(([tool, found]) => (found ? [] : [tool]));
  if (!fs.existsSync(CUPSD)) missing.push(CUPSD);
  return missing.length ? `CUPS is not installed (missing ${missing.join(', ')}; apt-get install cups)` : undefined;
}

/** Runs a CUPS tool by its resolved path, in the C locale. */
function cups(tool: keyof typeof TOOLS, args: string[]): Promise<{ stdout: string }> {
  return exec(TOOLS[tool] ?? tool, args, { env: C_LOCALE });
}

/**
 * `describe` for suites that need a real cupsd: runs them when CUPS is installed, fails them in CI (a CI job
 * without CUPS must not go green by skipping), and skips them with the reason on a developer machine.
 */
export function describeWithCups(name: string, suite: () => void): void {
  if (!cupsMissingReason) {
    describe(name, suite);
  } else if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('needs CUPS in CI', () => {
        throw new Error(`${cupsMissingReason}; CI must install CUPS and run scripts/ci/start-cups.sh`);
      });
    });
  } else {
    describe.skip(`${name} [skipped: ${cupsMissingReason}]`, suite);
  }
}

async function schedulerRunning(): Promise<boolean> {
  try {
    const { stdout } = await cups('lpstat', ['-r']);
    return stdout.includes('scheduler is running');
  } catch {
    return false;
  }
}

/** Starts cupsd when it is not running (root only, as in CI) and waits until it answers. */
export async function ensureCupsd(timeoutMs = 10_000): Promise<void> {
  if (await schedulerRunning()) return;
  await exec(CUPSD, [], { env: C_LOCALE });
  const deadline = Date.now() + timeoutMs;
  while (!(await schedulerRunning())) {
    if (Date.now() > deadline) throw new Error(`cupsd did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let counter = 0;

/** A queue name unique to this test process, so parallel suites and leftovers never collide. */
export function testQueueName(label: string): string {
  counter += 1;
  return `ticketera_${label}_${process.pid}_${counter}`;
}

export interface RawQueueOptions {
  /** printer-info, what lpstat shows as "Description" (classification reads it). */
  description?: string;
  /** false leaves the queue stopped, like a printer a person disabled. */
  enabled?: boolean;
}

/** A raw queue (no filters: bytes reach the device untouched) whose device is a loopback TCP sink. */
export async function addRawQueue(name: string, port: number, options: RawQueueOptions = {}): Promise<void> {
  const args = ['-p', name, '-v', `socket://127.0.0.1:${port}`, '-m', 'raw'];
  if (options.description) args.push('-D', options.description);
  if (options.enabled !== false) args.push('-E');
  await cups('lpadmin', args);
  // Failed jobs must not stop the queue for the next test, and must not be retried for long.
  await cups('lpadmin', ['-p', name, '-o', 'printer-error-policy=abort-job']);
}

export async function removeQueue(name: string): Promise<void> {
  await cups('cancel', ['-a', name]).catch(() => undefined);
  await cups('lpadmin', ['-x', name]).catch(() => undefined);
}
