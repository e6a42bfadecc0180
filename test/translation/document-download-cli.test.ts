import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentJob } from '../../src/main/services/translation/document-job-store';
import { TRANSLATION_FILES } from '../../src/main/services/translation/translation-service';
import { startCli, type CliRun } from '../support/cli-process';
import { describeWithTmpfs, mountSmallVolume } from '../support/tmpfs';
import { KEY, emulatorForFile } from './translation-harness';

/**
 * Issue 20, item 4: when the result endpoint answered 404/456/503, `translate-document` waited 60 s and exited 0
 * silently, leaving an empty FILE.part and the job stuck in `done` (the shared exchange drained the library's
 * response stream, so deepl-node waited forever), and a 503 was not retried.
 */
const file = emulatorForFile('download-cli');
const work = file.work;

/** A folder with a document to translate and a data folder of its own. */
function setUp(name: string): { dir: string; input: string; output: string; cli: (args: string[]) => Promise<CliRun & { ms: number }>; jobs: () => DocumentJob[] } {
  const dir = fs.mkdtempSync(path.join(work, `${name}-`));
  const dataHome = path.join(dir, 'data');
  const input = path.join(dir, 'menu.txt');
  fs.writeFileSync(input, 'Coffee\nThank you\n');
  const env = { XDG_DATA_HOME: dataHome, TICKETERA_TRANSLATION_URL: file.emulator.url, TICKETERA_TRANSLATION_KEY: KEY };
  return {
    dir,
    input,
    output: path.join(dir, 'menu.DE.txt'),
    cli: async (args) => {
      const begin = Date.now();
      const run = await startCli(args, env).done;
      return { ...run, ms: Date.now() - begin };
    },
    jobs: () => JSON.parse(fs.readFileSync(path.join(dataHome, 'ticketera', TRANSLATION_FILES.documents), 'utf8')).jobs as DocumentJob[],
  };
}

const downloads = (): number => file.emulator.requests.filter((request) => request.path.endsWith('/result')).length;
const filesIn = (dir: string): string[] => fs.readdirSync(dir).filter((name) => name !== 'data').sort();

describe('translate-document when the download fails', () => {
  it('404: exits 1 at once with the reason, leaves no .part, and the job is over', async () => {
    const { dir, input, cli, jobs } = setUp('404');
    file.emulator.failNext({ status: 404, suffix: '/result' });
    const run = await cli(['translate-document', input, '--to', 'DE']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^The translation service does not have it \(a translated document can be downloaded only once\)\.\nTrace ID for support: emu\w+\n$/);
    expect(run.ms).toBeLessThan(20_000);
    expect(filesIn(dir)).toEqual(['menu.txt']);
    expect(jobs()[0]).toMatchObject({ state: 'error', errorKind: 'not-found' });
  });

  it('456: exits 1 with the quota text and no .part; the job waits, and --resume then saves it', async () => {
    const { dir, input, output, cli, jobs } = setUp('456');
    file.emulator.failNext({ status: 456, suffix: '/result' });
    const failed = await cli(['translate-document', input, '--to', 'DE']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The translation quota of this billing period is used up.');
    expect(failed.stderr).toContain('The translation is still on the service: continue with --resume.\n');
    expect(filesIn(dir)).toEqual(['menu.txt']);
    expect(jobs()[0]).toMatchObject({ state: 'done', errorKind: 'quota-exceeded' });

    const resumed = await cli(['translate-document', '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(fs.readFileSync(output, 'utf8')).toBe('[DE] Kaffee\n[DE] Danke\n');
    expect(jobs()[0]?.state).toBe('downloaded');
    expect(jobs()[0]?.errorKind).toBeUndefined();
  });

  it('503 is retried under the shared policy: once, then saved', async () => {
    const { input, output, cli } = setUp('503-once');
    file.emulator.failNext({ status: 503, suffix: '/result' });
    const run = await cli(['translate-document', input, '--to', 'DE']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(fs.readFileSync(output, 'utf8')).toBe('[DE] Kaffee\n[DE] Danke\n');
    expect(downloads()).toBe(2);
  });

  it('503 on every attempt: exits 1 after the policy\'s attempts, no .part, the job waits for --resume', async () => {
    const { dir, input, cli, jobs } = setUp('503-always');
    file.emulator.failNext({ status: 503, suffix: '/result', times: 3 });
    const run = await cli(['translate-document', input, '--to', 'DE']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The translation service failed (HTTP 503; 3 attempts). Try again later.');
    expect(run.stderr).toContain('continue with --resume');
    expect(downloads()).toBe(3);
    expect(filesIn(dir)).toEqual(['menu.txt']);
    expect(jobs()[0]).toMatchObject({ state: 'done', errorKind: 'server' });
  }, 60_000);
});

describeWithTmpfs('translate-document into a nearly full volume', () => {
  it('refuses to download where the largest allowed answer would not leave room, before asking for it', async () => {
    const { input, cli, jobs } = setUp('room');
    const volume = mountSmallVolume(8 * 1024);
    try {
      const output = path.join(volume.dir, 'menu.DE.txt');
      const run = await cli(['translate-document', input, '--to', 'DE', '--out', output]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Not enough free space in .+ to download the translation safely: 20\.0 MiB needed .+, [\d.]+ MiB free\. Free some space and continue with --resume\.\n$/);
      expect(downloads()).toBe(0);
      expect(fs.readdirSync(volume.dir)).toEqual([]);
      expect(jobs()[0]).toMatchObject({ state: 'done', errorKind: 'local', resumable: true });
    } finally {
      volume.unmount();
    }
  });
});
