import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { retry, toolPath } from './wine-tools';

const exec = promisify(execFile);

/**
 * A CUPS backend that keeps each job's bytes: `capture:/dir` writes job N to /dir/job-N.bin (renamed into place
 * when complete). Wine's winspool.drv hands RAW jobs to CUPS, so these files are what the Windows side printed.
 */
const CAPTURE_BACKEND = `#!/bin/sh
if [ "$#" -eq 0 ]; then echo 'direct capture "Unknown" "Ticketera test capture"'; exit 0; fi
folder="\${DEVICE_URI#capture:}"
partial="$folder/.partial-$1"
if [ "$#" -ge 6 ]; then cat "$6" > "$partial"; else cat > "$partial"; fi
mv "$partial" "$folder/job-$1.bin"
`;

export interface CupsQueue {
  name: string;
  /** printer-info: Wine reports it as the printer's comment (classification reads it). */
  description: string;
}

/**
 * A cupsd of the test's own: its own socket, folders and queues (CUPS_SERVER points Wine and lpadmin at it), never
 * the machine's scheduler, which CI and other suites use. Stopped (SIGSTOP) it stands for a spooler that hangs.
 */
export class PrivateCups {
  readonly socket: string;
  readonly jobs: string;
  private daemon: ChildProcess | undefined;

  private constructor(private readonly dir: string) {
    this.socket = path.join(dir, 'cups.sock');
    this.jobs = path.join(dir, 'jobs');
  }

  static async start(dir: string, queues: CupsQueue[], defaultQueue: string): Promise<PrivateCups> {
    const cups = new PrivateCups(dir);
    cups.writeConfiguration();
    cups.daemon = spawn('/usr/sbin/cupsd', ['-f', '-c', path.join(dir, 'cupsd.conf'), '-s', path.join(dir, 'cups-files.conf')], {
      stdio: ['ignore', 'ignore', fs.openSync(path.join(dir, 'log', 'cupsd.out'), 'a')],
    });
    // A fresh cupsd refuses lpadmin for a moment after it starts answering: retry until it takes the queue.
    for (const queue of queues) {
      await retry(`lpadmin -p ${queue.name}`, 15_000, async () => {
        await cups.lpadmin(['-p', queue.name, '-E', '-v', `capture:${cups.jobs}`, '-m', 'raw', '-D', queue.description]);
        return true;
      });
    }
    await cups.lpadmin(['-d', defaultQueue]);
    return cups;
  }

  /** CUPS_SERVER for programs that should use this daemon. */
  get env(): Record<string, string> {
    return { CUPS_SERVER: this.socket };
  }

  get pid(): number | undefined {
    return this.daemon?.pid;
  }

  /** The captured jobs, oldest first. */
  jobFiles(): string[] {
    return fs
      .readdirSync(this.jobs)
      .filter((file) => /^job-\d+\.bin$/.test(file))
      .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
      .map((file) => path.join(this.jobs, file));
  }

  /** Waits for the job after the `known` ones and returns its bytes. */
  async nextJob(known: number, timeoutMs = 15_000): Promise<Buffer> {
    return retry('a job reaching the CUPS queue', timeoutMs, async () => {
      const file = this.jobFiles()[known];
      return file ? fs.readFileSync(file) : undefined;
    });
  }

  /** SIGSTOP: the daemon keeps its socket open and answers nothing, the way a hung spooler behaves. */
  pause(): void {
    if (this.daemon?.pid) process.kill(this.daemon.pid, 'SIGSTOP');
  }

  resume(): void {
    if (this.daemon?.pid) process.kill(this.daemon.pid, 'SIGCONT');
  }

  async stop(): Promise<void> {
    const daemon = this.daemon;
    if (!daemon?.pid || daemon.exitCode !== null) return;
    const exited = new Promise((resolve) => daemon.once('exit', resolve));
    this.resume();
    daemon.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (daemon.exitCode === null) daemon.kill('SIGKILL');
  }

  private async lpadmin(args: string[]): Promise<void> {
    await exec(toolPath('lpadmin') ?? 'lpadmin', args, { env: { ...process.env, ...this.env, LC_ALL: 'C' } });
  }

  private writeConfiguration(): void {
    const dir = this.dir;
    for (const sub of ['jobs', 'log', 'spool', 'cache', 'state', 'tmp', 'serverbin/backend']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    // cupsd drops to the lp user for some work: it must be able to reach its own folders (mkdtemp makes them 0700).
    for (const folder of [path.dirname(dir), dir]) fs.chmodSync(folder, 0o755);
    fs.writeFileSync(
      path.join(dir, 'cupsd.conf'),
      [
        'LogLevel warn',
        `Listen ${this.socket}`,
        'Browsing No',
        'WebInterface No',
        'DefaultAuthType None',
        '<Location />',
        '  Order allow,deny',
        '  Allow all',
        '</Location>',
        '<Policy default>',
        '  <Limit All>',
        '    Order deny,allow',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'cups-files.conf'),
      [
        `ServerRoot ${dir}`,
        `ServerBin ${path.join(dir, 'serverbin')}`,
        `RequestRoot ${path.join(dir, 'spool')}`,
        `CacheDir ${path.join(dir, 'cache')}`,
        `StateDir ${path.join(dir, 'state')}`,
        `TempDir ${path.join(dir, 'tmp')}`,
        `AccessLog ${path.join(dir, 'log', 'access_log')}`,
        `ErrorLog ${path.join(dir, 'log', 'error_log')}`,
        `PageLog ${path.join(dir, 'log', 'page_log')}`,
        'SystemGroup root',
        'User lp',
        'Group lp',
        '',
      ].join('\n'),
    );
    // Raw queues need the raw MIME type, which Debian keeps in /etc/cups (the ServerRoot this daemon does not use).
    for (const file of ['raw.types', 'raw.convs']) {
      const system = path.join('/etc/cups', file);
      if (fs.existsSync(system)) fs.copyFileSync(system, path.join(dir, file));
    }
    if (!fs.existsSync(path.join(dir, 'raw.convs'))) fs.writeFileSync(path.join(dir, 'raw.convs'), 'application/octet-stream application/vnd.cups-raw 0 -\n');
    for (const sub of ['filter', 'daemon', 'cgi-bin', 'notifier', 'monitor', 'driver']) {
      const system = path.join('/usr/lib/cups', sub);
      if (fs.existsSync(system)) fs.symlinkSync(system, path.join(dir, 'serverbin', sub));
    }
    // Owned by root and not group/world-executable: cupsd then runs it as root, so it may write into `jobs`.
    fs.writeFileSync(path.join(dir, 'serverbin', 'backend', 'capture'), CAPTURE_BACKEND, { mode: 0o700 });
  }
}
