import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the exit code or signal once the process ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export interface SpawnOptions {
  /**
   * Runs the service with this `ulimit -n` (through `bash -c 'ulimit -n N; exec node …'`, so the pid is still the
   * service's): how tests run it out of file descriptors for real. POSIX only.
   */
  maxOpenFiles?: number;
  /** Extra environment variables for the service. */
  env?: Record<string, string>;
}

/**
 * Runs `serve` as its own Node process (what `npm run service` runs), so tests can kill it for real.
 * Node runs the TypeScript through tsx's loader in-process (the pid is the service itself, not a wrapper), or a
 * bundled `entry` when measuring what ships.
 */
export async function spawnService(args: string[], timeoutMs = 20_000, entry?: string, options: SpawnOptions = {}): Promise<ServiceProcess> {
  const command = entry ? [entry] : ['--import', 'tsx', path.join(ROOT, 'src/main/cli/index.ts')];
  const nodeArgs = [...command, 'serve', '--port', '0', ...args];
  const [file, argv] =
    options.maxOpenFiles === undefined
      ? [process.execPath, nodeArgs]
      : ['bash', ['-c', `ulimit -n ${Math.floor(options.maxOpenFiles)} && exec "$0" "$@"`, process.execPath, ...nodeArgs]];
  const child = spawn(file, argv, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development', ...options.env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), timeoutMs);
    const check = (): void => {
      const match = /listening on ws:\/\/[^:]+:(\d+)\/ws/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${String(code)}):\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}
