import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_FILES } from '../../src/main/services/translation/translation-service';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { startCli, type CliRun } from '../support/cli-process';
import { KEY, temporaryDir } from './translation-harness';

/**
 * Issue 20, item 10: `--out` replaced an existing file — the input itself included — without asking; `--out DIR`
 * failed only after the document was uploaded, translated and billed; `--resume` took the output path from the job
 * file and whatever server was configured now. The output is now checked before anything is sent, and a job
 * continues only against the server and into the file it was started with.
 */
let emulator: TranslationEmulator;
let other: TranslationEmulator;
const work = temporaryDir('output-cli');

beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 0, translatingMs: 0 } });
  other = await startTranslationEmulator();
});
afterEach(() => {
  emulator.reset();
  other.reset();
  emulator.setDocumentTiming({ queuedMs: 0, translatingMs: 0 });
});
afterAll(async () => {
  await Promise.all([emulator.close(), other.close()]);
  fs.rmSync(work, { recursive: true, force: true });
});

function setUp(name: string) {
  const dir = fs.mkdtempSync(path.join(work, `${name}-`));
  const dataHome = path.join(dir, 'data');
  const input = path.join(dir, 'menu.txt');
  fs.writeFileSync(input, 'Coffee\nThank you\n');
  const env = { XDG_DATA_HOME: dataHome, TICKETERA_TRANSLATION_URL: emulator.url, TICKETERA_TRANSLATION_KEY: KEY };
  const jobsFile = path.join(dataHome, 'ticketera', TRANSLATION_FILES.documents);
  return {
    dir,
    input,
    jobsFile,
    start: (args: string[]) => startCli(args, env),
    cli: (args: string[]): Promise<CliRun> => startCli(args, env).done,
  };
}

const uploads = (target: TranslationEmulator = emulator): number => target.requests.filter((request) => request.path === '/v2/document').length;

describe('translate-document --out', () => {
  it('refuses an existing file before uploading, and replaces it with --force', async () => {
    const { dir, input, cli } = setUp('exists');
    const output = path.join(dir, 'carta.txt');
    fs.writeFileSync(output, 'the owner\'s own file\n');
    const refused = await cli(['translate-document', input, '--to', 'DE', '--out', output]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`${output} already exists. Nothing was sent: choose another --out, or add --force to replace it.\n`);
    expect(uploads()).toBe(0);
    expect(fs.readFileSync(output, 'utf8')).toBe('the owner\'s own file\n');

    const forced = await cli(['translate-document', input, '--to', 'DE', '--out', output, '--force']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(output, 'utf8')).toBe('[DE] Kaffee\n[DE] Danke\n');
  });

  it('refuses the input itself (also by another name) before uploading, in Spanish with LANG=es', async () => {
    const { dir, input, cli } = setUp('input');
    const refused = await cli(['translate-document', input, '--to', 'DE', '--out', input]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`--out ${input} is the document being translated. Nothing was sent: choose another --out (or add --force to replace the original).\n`);
    const link = path.join(dir, 'same.txt');
    fs.linkSync(input, link);
    const spanish = await startCli(['translate-document', input, '--to', 'DE', '--out', link], {
      XDG_DATA_HOME: path.join(dir, 'data'),
      TICKETERA_TRANSLATION_URL: emulator.url,
      TICKETERA_TRANSLATION_KEY: KEY,
      LANG: 'es_ES.UTF-8',
    }).done;
    expect(spanish.code).toBe(1);
    expect(spanish.stderr).toBe(`--out ${link} es el documento que se traduce. No se ha enviado nada: elige otro --out (o añade --force para reemplazar el original).\n`);
    expect(uploads()).toBe(0);
    expect(fs.readFileSync(input, 'utf8')).toBe('Coffee\nThank you\n');
  });

  it('refuses a folder before uploading, leaving no DIR.part', async () => {
    const { dir, input, cli } = setUp('folder');
    const folder = path.join(dir, 'out');
    fs.mkdirSync(folder);
    const refused = await cli(['translate-document', input, '--to', 'DE', '--out', folder]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`${folder} is a folder. Nothing was sent: give --out a file name inside it.\n`);
    expect(uploads()).toBe(0);
    expect(fs.existsSync(`${folder}.part`)).toBe(false);
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});

describe('translate-document --resume', () => {
  /** A job left translating by a run killed mid-poll. */
  async function interruptedJob(setup: ReturnType<typeof setUp>, output: string): Promise<void> {
    emulator.setDocumentTiming({ queuedMs: 0, translatingMs: 60_000 });
    const first = setup.start(['translate-document', setup.input, '--to', 'DE', '--out', output]);
    const until = Date.now() + 15_000;
    while (!first.run.stdout.includes('Translating…') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    await first.done;
    emulator.setDocumentTiming({ queuedMs: 0, translatingMs: 0 });
  }

  it('refuses another server, sending it nothing, and continues against the one the job was started with', async () => {
    const setup = setUp('server');
    const output = path.join(setup.dir, 'menu-de.txt');
    await interruptedJob(setup, output);
    const elsewhere = await setup.cli(['translate-document', '--resume', '--server-url', other.url]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toBe(
      `This job was started against ${emulator.url}, not ${other.url}: its document key belongs to that service. Continue it with --server-url ${emulator.url}.\n`,
    );
    expect(other.requests).toEqual([]);
    const resumed = await setup.cli(['translate-document', '--resume']);
    expect(resumed.code).toBe(0);
    expect(fs.readFileSync(output, 'utf8')).toBe('[DE] Kaffee\n[DE] Danke\n');
    expect(uploads()).toBe(1);
  }, 60_000);

  it('refuses another --out, and a job file whose output path was changed by hand', async () => {
    const setup = setUp('path');
    const output = path.join(setup.dir, 'menu-de.txt');
    await interruptedJob(setup, output);
    const moved = path.join(setup.dir, 'elsewhere.txt');
    const otherOut = await setup.cli(['translate-document', '--resume', '--out', moved]);
    expect(otherOut.code).toBe(1);
    expect(otherOut.stderr).toBe(`This job saves to ${output}; it cannot be continued into ${moved}. Continue it without --out.\n`);

    const victim = path.join(setup.dir, 'journal.sqlite');
    fs.writeFileSync(victim, 'precious');
    fs.writeFileSync(setup.jobsFile, fs.readFileSync(setup.jobsFile, 'utf8').split(JSON.stringify(output)).join(JSON.stringify(victim)));
    for (const force of [[], ['--force']]) {
      const tampered = await setup.cli(['translate-document', '--resume', ...force]);
      expect(tampered.code).toBe(1);
      expect(tampered.stderr).toContain('The saved job no longer matches how it was started');
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    expect(emulator.requests.filter((request) => request.path.endsWith('/result'))).toEqual([]);
  }, 60_000);
});
