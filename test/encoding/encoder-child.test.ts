import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { EncoderPool } from '../../src/main/services/encoding/offthread/encoder-pool';
import { blackPng, imageDoc } from '../support/hostile-images';
import { ticketDoc } from '../support/service-harness';

let pool: EncoderPool | undefined;
afterEach(async () => {
  await pool?.close();
});

/** The pids of this process's child processes (Linux: every thread's `children` list). */
function childPids(): number[] {
  const tasks = fs.readdirSync('/proc/self/task');
  return tasks.flatMap((task) => fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
}

/** Whether `pid` is a running encoder process (its command line names the encoder entry). */
const isEncoderProcess = (pid: number): boolean => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('encode-worker');
  } catch {
    return false;
  }
};

const encoderProcesses = (): number[] => childPids().filter(isEncoderProcess);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.runIf(process.platform === 'linux')('heavy jobs in an encoder process of their own', () => {
  // 12 megapixels: decoding takes a few hundred milliseconds, long enough to see (and kill) the process at work.
  const logo = imageDoc(blackPng(3500, 3500, { depth: 8 }));

  it('encode a picture in a child process that has ended once the bytes are back', { timeout: 60_000 }, async () => {
    pool = new EncoderPool({ threads: 2 });
    const bytes = pool.encode(logo, { safeMode: true });
    await until(() => encoderProcesses().length === 1);
    expect((await bytes).length).toBeGreaterThan(1000);
    await until(() => encoderProcesses().length === 0);
    expect(encoderProcesses()).toEqual([]);
  });

  it('fail only the job whose process crashed, with a clear error, and keep encoding', { timeout: 60_000 }, async () => {
    pool = new EncoderPool({ threads: 2 });
    const job = pool.encode(logo, { safeMode: true });
    await until(() => encoderProcesses().length === 1);
    // Killed while starting or while decoding: either way only this job fails, saying so.
    const [pid] = encoderProcesses();
    process.kill(pid as number, 'SIGKILL');
    await expect(job).rejects.toThrow(/^EXECUTION: .*the encoder process exited \(SIGKILL\)$/);
    expect((await pool.encode(ticketDoc('Después'), { safeMode: true })).length).toBeGreaterThan(0);
    expect((await pool.encode(logo, { safeMode: true })).length).toBeGreaterThan(1000);
  });

  it('keep a shop\'s logo (576×200) on the warm thread: no process is started for it, so it never waits for one', { timeout: 60_000 }, async () => {
    pool = new EncoderPool({ threads: 2 });
    await pool.encode(ticketDoc('Antes'), { safeMode: true });
    let seen = 0;
    const watching = setInterval(() => (seen += encoderProcesses().length), 5);
    try {
      for (let round = 0; round < 5; round++) expect((await pool.encode(imageDoc(blackPng(576, 200)), { safeMode: true })).length).toBeGreaterThan(1000);
    } finally {
      clearInterval(watching);
    }
    expect(seen).toBe(0);
  });
});
