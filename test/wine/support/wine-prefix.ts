import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { standInBcryptPrimitives } from './stand-in-bcryptprimitives';
import { sleep } from './wine-tools';

export interface WineRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Killed by the test (it did not end on its own within its time). */
  killed: boolean;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Stop waiting (and kill the program) as soon as its output matches: for a process that cannot end by itself. */
  until?: RegExp;
}

/** Where Linux keeps fonts (fontconfig's defaults): the Windows side gets the same ones, so text prints the same. */
const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];
const FONT_FILE = /\.(?:ttf|ttc|otf)$/i;

/** A Wine prefix (a Windows installation in a folder) for one run of the suite, reporting Windows 10. */
export class WinePrefix {
  private runs = 0;

  private constructor(
    readonly dir: string,
    private readonly logs: string,
    private readonly baseEnv: Record<string, string>,
  ) {}

  /** `baseEnv` goes to every Wine program, from the first: CUPS_SERVER, so no printer of the machine's own cupsd ever enters the prefix. */
  static async create(dir: string, logs: string, baseEnv: Record<string, string>): Promise<WinePrefix> {
    const prefix = new WinePrefix(dir, logs, baseEnv);
    // node.exe 22 refuses to start on the Windows version a new prefix reports (7): make it Windows 10.
    const setup = await prefix.run('wine', ['winecfg', '-v', 'win10'], { cwd: logs, timeoutMs: 120_000 });
    if (setup.code !== 0) throw new Error(`wine winecfg -v win10 failed (${setup.code}): ${setup.stderr}`);
    const windows = path.join(dir, 'drive_c', 'windows');
    // Windows 10 has bcryptprimitives.dll, Wine 8 does not; usb's and @napi-rs/canvas's binaries import from it.
    fs.writeFileSync(path.join(windows, 'system32', 'bcryptprimitives.dll'), standInBcryptPrimitives());
    const fonts = path.join(windows, 'Fonts');
    fs.mkdirSync(fonts, { recursive: true });
    for (const file of FONT_DIRS.flatMap(fontFiles)) {
      const link = path.join(fonts, path.basename(file));
      if (!fs.existsSync(link)) fs.symlinkSync(file, link);
    }
    // One wineserver for the whole run: each program then starts in about a second instead of two or three.
    spawn('wineserver', ['-p'], { env: prefix.env(), stdio: 'ignore', detached: true }).unref();
    return prefix;
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      WINEPREFIX: this.dir,
      WINEDEBUG: '-all',
      // No Mono or Gecko installer prompts; nothing here needs .NET or a browser engine.
      WINEDLLOVERRIDES: 'mscoree,mshtml=',
      LANG: 'C.UTF-8',
      ...this.baseEnv,
      ...extra,
    };
    // Headless: no window may open (and CI has no display).
    delete env['DISPLAY'];
    delete env['WAYLAND_DISPLAY'];
    return env;
  }

  /** Runs node.exe under Wine. */
  node(nodeExe: string, args: string[], options: RunOptions): Promise<WineRun> {
    return this.run('wine', [nodeExe, ...args], options);
  }

  /** Sets a REG_DWORD in the prefix's registry. */
  async setDword(key: string, name: string, value: number): Promise<void> {
    const result = await this.run('wine', ['reg', 'add', key, '/v', name, '/t', 'REG_DWORD', '/d', String(value), '/f'], { cwd: this.logs, timeoutMs: 30_000 });
    if (result.code !== 0) throw new Error(`wine reg add ${key} failed: ${result.stderr}`);
  }

  /** Ends every program of the prefix and its wineserver, and removes the folder wineserver kept in /tmp for it. */
  async close(): Promise<void> {
    const { dev, ino } = fs.statSync(this.dir);
    await this.run('wineserver', ['-k'], { cwd: this.logs, timeoutMs: 15_000 }).catch(() => undefined);
    // Named after the prefix's device and inode, inside a wine-XXXXXX folder of its own.
    const server = `server-${dev.toString(16)}-${ino.toString(16)}`;
    const parents = [...new Set(['/tmp', os.tmpdir()])].flatMap((tmp) => fs.readdirSync(tmp).filter((name) => name.startsWith('wine-')).map((name) => path.join(tmp, name)));
    for (const parent of parents) {
      if (!fs.existsSync(path.join(parent, server))) continue;
      fs.rmSync(path.join(parent, server), { recursive: true, force: true });
      if (fs.readdirSync(parent).length === 0) fs.rmdirSync(parent);
    }
  }

  /**
   * node.exe cannot write to a pipe under Wine (EBADF), so a program's output goes to files that are read back.
   * It is killed when it outlives `timeoutMs`, or once its stdout matches `until`.
   */
  private async run(command: string, args: string[], options: RunOptions): Promise<WineRun> {
    this.runs += 1;
    const out = path.join(this.logs, `run-${this.runs}.out`);
    const err = path.join(this.logs, `run-${this.runs}.err`);
    const fds = [fs.openSync(out, 'w'), fs.openSync(err, 'w')] as const;
    const started = Date.now();
    const child = spawn(command, args, { cwd: options.cwd, env: this.env(options.env), stdio: ['ignore', fds[0], fds[1]] });
    for (const fd of fds) fs.closeSync(fd);
    let code: number | null = null;
    let ended = false;
    child.on('exit', (exitCode) => {
      code = exitCode;
      ended = true;
    });
    const deadline = started + (options.timeoutMs ?? 60_000);
    let killed = false;
    while (!ended) {
      if (Date.now() > deadline || (options.until && options.until.test(fs.readFileSync(out, 'utf8')))) {
        killed = true;
        child.kill('SIGKILL');
        break;
      }
      await sleep(50);
    }
    return { code, stdout: fs.readFileSync(out, 'utf8'), stderr: fs.readFileSync(err, 'utf8'), ms: Date.now() - started, killed };
  }
}

function fontFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => FONT_FILE.test(file)).map((file) => path.join(dir, file));
}
