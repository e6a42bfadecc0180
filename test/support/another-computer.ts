import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLIENT = path.join(__dirname, 'another-computer-client.mjs');

/** One step another computer takes (see another-computer-client.mjs). */
export type RemoteStep =
  | { kind: 'http'; method?: string; path: string; headers?: Record<string, string>; body?: string; cookieFrom?: number }
  | { kind: 'upgrade'; path: string; headers?: Record<string, string>; cookieFrom?: number }
  | { kind: 'ticket'; id: string; datos: unknown };

export interface RemoteOutcome {
  status: number;
  body: string;
  setCookie?: string;
}

export interface AnotherComputer {
  /** This computer's address as the other one reaches it (the service must listen on it: `--host 0.0.0.0`). */
  readonly serviceAddress: string;
  /** The other computer's own address, as the service sees it. */
  readonly address: string;
  /** Takes the steps from the other computer, in order, against `http://serviceAddress:port`. */
  take(port: number, steps: RemoteStep[]): Promise<RemoteOutcome[]>;
  remove(): Promise<void>;
}

/**
 * "Another computer on the shop's network", for real: a network namespace of our own joined to this one by a veth
 * pair, with a private /30 of 10.231.0.0/16 (nothing else on the machine is touched, and the names are unique to this
 * process so people running tests side by side never share one). Needs root and iproute2; answers why not otherwise,
 * for the test to skip saying so.
 */
export async function makeAnotherComputer(): Promise<AnotherComputer | string> {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'needs root to create a network namespace';
  try {
    await run('ip', ['-V']);
  } catch {
    return '`ip` (iproute2) is not installed';
  }
  const tag = `${process.pid.toString(36)}${randomInt(36 ** 3).toString(36)}`.slice(-8);
  const namespace = `ticketera-${tag}`;
  const outer = `tk${tag}h`;
  const inner = `tk${tag}n`;
  const used = (await run('ip', ['-o', '-4', 'addr', 'show'])).stdout;
  let subnet = '';
  do subnet = `10.231.${randomInt(256)}.${randomInt(64) * 4}`;
  while (used.includes(` ${subnet.replace(/\d+$/, (last) => String(Number(last) + 1))}/`));
  const [a, b, c, d] = subnet.split('.').map(Number) as [number, number, number, number];
  const serviceAddress = `${a}.${b}.${c}.${d + 1}`;
  const address = `${a}.${b}.${c}.${d + 2}`;
  const remove = async (): Promise<void> => {
    // Deleting the namespace deletes its end of the pair, and with it ours.
    await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
    await run('ip', ['link', 'del', outer]).catch(() => undefined);
  };
  try {
    await run('ip', ['netns', 'add', namespace]);
    await run('ip', ['link', 'add', outer, 'type', 'veth', 'peer', 'name', inner]);
    await run('ip', ['link', 'set', inner, 'netns', namespace]);
    await run('ip', ['addr', 'add', `${serviceAddress}/30`, 'dev', outer]);
    await run('ip', ['link', 'set', outer, 'up']);
    await run('ip', ['netns', 'exec', namespace, 'ip', 'addr', 'add', `${address}/30`, 'dev', inner]);
    await run('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', inner, 'up']);
    await run('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up']);
  } catch (error) {
    await remove();
    return `could not create a network namespace (${(error as Error).message.split('\n')[0]})`;
  }
  return {
    serviceAddress,
    address,
    async take(port, steps) {
      const { stdout } = await run('ip', ['netns', 'exec', namespace, process.execPath, CLIENT, `http://${serviceAddress}:${port}/`, JSON.stringify(steps)], {
        cwd: path.dirname(CLIENT),
        timeout: 30_000,
      });
      return JSON.parse(stdout) as RemoteOutcome[];
    },
    remove,
  };
}
