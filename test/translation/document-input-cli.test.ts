import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, type CliRun } from '../support/cli-process';
import { KEY, emulatorForFile } from './translation-harness';

/**
 * `translate-document` read its input whole, whatever it was: a 5 GB file filled memory, `/dev/zero` or a pipe never
 * ended. The input is now read only if it is a regular file of at most 10 MB (the window's limit), and nothing is sent.
 */
const file = emulatorForFile('input-cli');
const work = file.work;

function cli(args: string[], lang = 'en_US.UTF-8'): Promise<CliRun> {
  const dataHome = fs.mkdtempSync(path.join(work, 'data-'));
  return startCli(args, { XDG_DATA_HOME: dataHome, TICKETERA_TRANSLATION_URL: file.emulator.url, TICKETERA_TRANSLATION_KEY: KEY, LANG: lang, LC_ALL: '' }).done;
}

const uploads = (): number => file.emulator.requests.filter((request) => request.path === '/v2/document').length;

describe('translate-document refuses an input it must not read whole', () => {
  it('refuses a document over 10 MB before sending it, without reading it (a sparse 3 GB file)', async () => {
    const input = path.join(fs.mkdtempSync(path.join(work, 'big-')), 'video.pdf');
    // Sparse: it claims 3 GB and takes no disk; reading it whole would need 3 GB of memory.
    fs.closeSync(fs.openSync(input, 'w'));
    fs.truncateSync(input, 3 * 1024 ** 3);
    const run = await cli(['translate-document', input, '--to', 'DE']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('video.pdf is larger than 10 MB, the most a document can have; nothing was sent.');
    expect(uploads()).toBe(0);
  });

  it.skipIf(process.platform === 'win32')('refuses a pipe named like a document at once instead of waiting for a writer forever', async () => {
    const input = path.join(fs.mkdtempSync(path.join(work, 'fifo-')), 'menu.txt');
    execFileSync('mkfifo', [input]);
    const run = await cli(['translate-document', input, '--to', 'DE'], 'es_ES.UTF-8');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('menu.txt no es un documento sino una tubería (FIFO); no se envió nada.');
    expect(uploads()).toBe(0);
  });

  it('still sends a document of exactly the limit', async () => {
    const dir = fs.mkdtempSync(path.join(work, 'edge-'));
    const input = path.join(dir, 'carta.txt');
    fs.writeFileSync(input, Buffer.alloc(10 * 1024 * 1024, 'a'));
    const run = await cli(['translate-document', input, '--to', 'DE']);
    // The emulator's quota is smaller than 10 M characters: what matters here is that the document was sent.
    expect(run.stderr).not.toContain('10 MB');
    expect(uploads()).toBe(1);
  });
});
