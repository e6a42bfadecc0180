import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnService } from '../test/support/service-process';

/** A process the bench started, with the port it listens on. */
export interface BenchProcess {
  pid: number;
  port: number;
  stop(): void;
}

/** The bundled service as its own process, and the URL its WebSocket answers on. */
export interface ServiceUnderTest extends BenchProcess {
  url: string;
}

export const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Resident memory of a process now, in MB. */
export const rssMb = (pid: number): number => procStatusMb(pid, 'VmRSS');

/** The most resident memory the process ever had (the kernel's high-water mark), in MB. */
export const peakRssMb = (pid: number): number => procStatusMb(pid, 'VmHWM');

/**
 * CPU time the process's main thread has used so far, in ms (Linux: its /proc task entry, utime + stime in clock ticks
 * of 10 ms). Unlike a rate, it does not count the time the thread waited for a core another process held.
 */
export function mainThreadCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resolves with the first port a child prints (`listening on …:PORT`). */
function portPrintedBy(stdout: NodeJS.ReadableStream): Promise<number> {
  return new Promise<number>((resolve) => {
    let output = '';
    stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
}

/** Runs `node ...args` as its own process and resolves once it printed the port it listens on. */
export async function spawnListening(args: string[]): Promise<BenchProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await portPrintedBy(child.stdout);
  return { pid: child.pid as number, port, stop: () => child.kill('SIGKILL') };
}

/** Runs one of the bench's helper scripts (TypeScript, through tsx) as its own process. */
export const spawnHelper = (script: string): Promise<BenchProcess> => spawnListening(['--import', 'tsx', path.join(__dirname, script)]);

/** Services still running: killed if the bench exits first (a frozen one, see service-measures, would stay behind). */
const running = new Set<() => void>();
process.once('exit', () => running.forEach((kill) => kill()));

/**
 * A fresh bundled service (`entry`, see bundle-service.ts) with its own data directory and durable journal, printing
 * to `printerUri` by default, rate limit lifted and a queue big enough for any burst the bench sends.
 */
export async function startService(entry: string, printerUri: string): Promise<ServiceUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-'));
  const service = await spawnService(
    ['--host', '127.0.0.1', '--data-dir', dataDir, '--printer', printerUri, '--rate-limit', '0', '--queue-capacity', '100000'],
    20_000,
    entry,
  );
  const kill = (): void => void service.child.kill('SIGKILL');
  running.add(kill);
  return {
    pid: service.child.pid as number,
    port: service.port,
    url: `ws://127.0.0.1:${service.port}/ws`,
    stop: () => {
      running.delete(kill);
      void service.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      service.child.kill('SIGKILL');
    },
  };
}
