import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_FILES } from '../../src/main/services/translation/translation-service';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { startCli, type CliRun } from '../support/cli-process';
import { KEY, temporaryDir } from './translation-harness';

let emulator: TranslationEmulator;
const work = temporaryDir('cli');
const dataHome = path.join(work, 'data');

beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 200, translatingMs: 2_500 } });
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The CLI against the emulator with the test key unless `env` says otherwise. */
const startTranslationCli = (args: string[], env: Record<string, string> = {}) =>
  startCli(args, { XDG_DATA_HOME: dataHome, TICKETERA_TRANSLATION_URL: emulator.url, TICKETERA_TRANSLATION_KEY: KEY, ...env });
const cli = (args: string[], env?: Record<string, string>): Promise<CliRun> => startTranslationCli(args, env).done;

describe('npm run cli -- translate', () => {
  it('prints each translation in order, and --json shows the service fields plus cached without sending again', async () => {
    const first = await cli(['translate', '--to', 'de', '--from', 'en', 'Thank you', 'Total {{total}}']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('[DE] Danke\n[DE] Gesamt {{total}}\n');
    const second = await cli(['translate', '--to', 'DE', '--from', 'EN', '--json', 'Thank you']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ translations: [{ detected_source_language: 'EN', text: '[DE] Danke', billed_characters: 9, cached: true }] });
    expect(emulator.requestsTo('/v2/translate')).toHaveLength(1);
  });

  it('passes --formality and --glossary to the service and explains a rule it breaks', async () => {
    const formal = await cli(['translate', '--to', 'DE', '--formality', 'prefer_more', 'Hello there']);
    expect(formal.code).toBe(0);
    expect(emulator.requestsTo('/v2/translate')[0]?.fields).toMatchObject({ formality: 'prefer_more' });
    const glossary = await cli(['translate', '--to', 'DE', '--glossary', 'g-1', 'Hello there']);
    expect(glossary.code).toBe(1);
    expect(glossary.stderr).toBe('A glossary needs the source language: add --from.\n');
  });

  it('exits non-zero with a clear message, in Spanish with LANG=es, and never shows the key', async () => {
    const secret = 'wrong-key-5e2b7a91-never-printed';
    const english = await cli(['translate', '--to', 'DE', 'Hola'], { TICKETERA_TRANSLATION_KEY: secret });
    expect(english.code).toBe(1);
    expect(english.stderr).toMatch(/^The translation service rejected the key\..*\nTrace ID for support: emu\w+\n$/);
    const spanish = await cli(['translate', '--to', 'DE', 'Hola'], { TICKETERA_TRANSLATION_KEY: secret, LANG: 'es_ES.UTF-8' });
    expect(spanish.code).toBe(1);
    expect(spanish.stderr).toMatch(/^El servicio de traducción rechazó la clave\..*\nID de traza para soporte: emu\w+\n$/);
    expect([english.stdout, english.stderr, spanish.stdout, spanish.stderr].join('')).not.toContain(secret);
  });

  it('asks for a key when there is none, and explains its usage when --to is missing', async () => {
    const keyless = await cli(['translate', '--to', 'DE', 'Hola'], { TICKETERA_TRANSLATION_KEY: '' });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('TICKETERA_TRANSLATION_KEY');
    const usage = await cli(['translate', 'Hola']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--to is required\nUsage: npm run cli -- translate --to LANG');
  });
});

describe('npm run cli -- languages', () => {
  it('lists the target languages the service offers, with formality support', async () => {
    const run = await cli(['languages', '--target', '--server-url', emulator.url]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^CODE\s+NAME\s+FORMALITY$/);
    expect(lines).toContainEqual(expect.stringMatching(/^DE\s+German\s+yes$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ZH-HANS\s+Chinese \(simplified\)$/));
  });
});

describe('npm run cli -- translate-document', () => {
  it('shows progress, and after being killed mid-poll continues with --resume without uploading again', async () => {
    const input = path.join(work, 'notice.txt');
    fs.writeFileSync(input, 'Hello\nThank you\n');
    const output = path.join(work, 'notice-ar.txt');
    const first = startTranslationCli(['translate-document', input, '--to', 'AR', '--out', output]);
    await waitFor(() => first.run.stdout.includes('Translating… about'));
    const jobs = fs.readFileSync(path.join(dataHome, 'ticketera', TRANSLATION_FILES.documents), 'utf8');
    first.child.kill('SIGKILL');
    await first.done;
    expect(first.run.stdout).toMatch(/^Uploading…\nQueued…\nTranslating… about \d s left\n/);
    const documentKey = String(emulator.requestsTo('/v2/document/')[0]?.fields['document_key']);
    expect(jobs).not.toContain(documentKey);
    expect(fs.existsSync(output)).toBe(false);

    const resumed = await cli(['translate-document', '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Downloading…\n');
    expect(resumed.stdout).toContain(`Saved ${output} (16 characters billed)\n`);
    expect(fs.readFileSync(output, 'utf8')).toBe('[AR] مرحبا\n[AR] شكرا\n');
    expect(emulator.requests.filter((request) => request.path === '/v2/document')).toHaveLength(1);

    const nothing = await cli(['translate-document', '--resume']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toBe('There is no unfinished document translation to resume.\n');
  });
});

describe('Ctrl+C during translate-document', () => {
  it('stops at once with exit code 130 and says how to continue', async () => {
    const input = path.join(work, 'sign.txt');
    fs.writeFileSync(input, 'Coffee\n');
    const run = startTranslationCli(['translate-document', input, '--to', 'DE']);
    await waitFor(() => run.run.stdout.includes('Queued…'));
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe('Cancelled.\nStopped. The document keeps translating on the service: continue with --resume.\n');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
