import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's `mosquitto` package puts the broker (not on a user's PATH). */
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => fs.existsSync(file));

export const mosquittoMissing = MOSQUITTO === undefined ? 'Debian package mosquitto is not installed (apt-get install mosquitto)' : undefined;

export interface BrokerUser {
  name: string;
  password: string;
}

export interface BrokerOptions {
  /** With users, anonymous clients are refused and the ACL applies. */
  users?: BrokerUser[];
  /** The ACL file's text (Mosquitto's `acl_file`). */
  acl?: string;
  /** Mosquitto's message_size_limit (bytes); 0: its own default. */
  messageSizeLimit?: number;
}

/**
 * A real Mosquitto on 127.0.0.1 and a free port, with its own config and persistence in a temporary folder (so a
 * restart keeps the sessions and queued messages, as a chain's broker would). `stop()` is a clean SIGTERM (it
 * saves its database), `kill()` a SIGKILL.
 */
export class Broker {
  private child: ChildProcess | undefined;
  private log = '';
  // Not service-harness's tempDir: that module loads vitest, and the bench starts brokers too.
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-mosquitto-'));

  private constructor(
    readonly port: number,
    private readonly options: BrokerOptions,
  ) {}

  static async start(options: BrokerOptions = {}): Promise<Broker> {
    const broker = new Broker(await freePort(), options);
    broker.writeConfig();
    await broker.launch();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  output(): string {
    return this.log;
  }

  async launch(): Promise<void> {
    const child = spawn(MOSQUITTO as string, ['-c', path.join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    await waitForPort(this.port, 10_000, () => this.log);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** Stops it for good and removes its folder (config, passwords, database). */
  async remove(): Promise<void> {
    await this.stop('SIGKILL');
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  async restart(downMs = 0): Promise<void> {
    await this.stop();
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
  }

  private writeConfig(): void {
    const lines = [
      `listener ${this.port} 127.0.0.1`,
      // Started as root (CI), Mosquitto would switch to its own user, who cannot read this private temp folder.
      `user ${os.userInfo().username}`,
      'persistence true',
      `persistence_location ${this.dir}/`,
      'autosave_interval 1',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'max_queued_messages 100000',
      // As docs/remote-printing.md recommends: small messages leave at once instead of waiting for a delayed ACK.
      'set_tcp_nodelay true',
      ...(this.options.messageSizeLimit ? [`message_size_limit ${this.options.messageSizeLimit}`] : []),
    ];
    if (this.options.users) {
      const passwords = path.join(this.dir, 'passwords');
      fs.writeFileSync(passwords, '');
      for (const user of this.options.users) {
        const made = spawnSync('mosquitto_passwd', ['-b', passwords, user.name, user.password]);
        if (made.status !== 0) throw new Error(`mosquitto_passwd: ${made.stderr.toString()}`);
      }
      lines.push('allow_anonymous false', `password_file ${passwords}`);
    } else {
      lines.push('allow_anonymous true');
    }
    if (this.options.acl !== undefined) {
      fs.writeFileSync(path.join(this.dir, 'acl'), this.options.acl);
      lines.push(`acl_file ${path.join(this.dir, 'acl')}`);
    }
    fs.writeFileSync(path.join(this.dir, 'mosquitto.conf'), `${lines.join('\n')}\n`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}:\n${log()}`);
}
