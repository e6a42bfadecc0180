import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView } from '../../src/shared/contract/translation-types';
import { DocumentRuns } from '../../src/main/services/app-api/translation-documents';
import { emulatorForFile, openService } from './translation-harness';
import { serviceFailureOf } from '../support/service-failure';

/**
 * Issue 20, items 2 and 4, inside the service: every answer read through deepl-node is counted as it streams — after
 * decompression — and the request aborted past its limit; an error answer's body is read only as far as its message.
 */
const MiB = 1024 * 1024;
const file = emulatorForFile('bounded-answers');
const work = file.work;

const failureOf = serviceFailureOf;

const sent = (requestPath: string): number[] => file.emulator.requests.filter((request) => request.path === requestPath).map((request) => request.sentBytes ?? 0);

describe('answers read through the translation library', () => {
  it('a small gzip answer that inflates past the limit fails as answer-too-large, not as an unreadable answer', async () => {
    const service = openService(file.emulator, fs.mkdtempSync(path.join(work, 'gzip-')));
    await service.languages.lists();
    file.emulator.streamNext({ path: '/v2/translate', bytes: 64 * MiB, gzip: true });
    const error = await failureOf(service.text.translate({ texts: ['Thank you'], options: { targetLang: 'DE', sourceLang: 'EN' } }));
    service.close();
    expect(error).toMatchObject({ kind: 'answer-too-large', retryable: false, attempts: 1 });
    expect(sent('/v2/translate')[0]).toBeLessThan(MiB);
  });

  it('an error answer whose body goes on and on is cut short: its status still says what happened, and it is retried', async () => {
    const service = openService(file.emulator, fs.mkdtempSync(path.join(work, 'error-body-')));
    await service.languages.lists();
    file.emulator.streamNext({ path: '/v2/translate', status: 503, bytes: 128 * MiB, times: 3 });
    const begin = Date.now();
    const error = await failureOf(service.text.translate({ texts: ['Thank you'], options: { targetLang: 'DE', sourceLang: 'EN' } }));
    service.close();
    expect(error).toMatchObject({ kind: 'server', status: 503, attempts: 3 });
    expect(Date.now() - begin).toBeLessThan(5_000);
    for (const bytes of sent('/v2/translate')) expect(bytes).toBeLessThan(64 * MiB);
  });
});

describe("the window's document translations", () => {
  it('an endless download is cut at its limit: nothing kept in the data folder, the job failed with the reason', async () => {
    const dataDir = fs.mkdtempSync(path.join(work, 'window-'));
    const service = openService(file.emulator, dataDir);
    const folder = path.join(dataDir, 'translated-documents');
    const runs = new DocumentRuns(service.documents, folder);
    file.emulator.streamNext({ suffix: '/result', bytes: 128 * MiB });
    const answer = await runs.upload({ fileName: 'sign.txt', contentBase64: Buffer.from('Hello\nBye\n!').toString('base64'), targetLang: 'DE' });
    if (!answer.ok) throw new Error('upload refused');
    let view: DocumentJobView | undefined;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      view = runs.viewOf(answer.value.id);
      if (view?.phase === 'failed' || view?.phase === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(view).toMatchObject({ phase: 'failed', downloadable: false, failure: { reason: 'service', failure: { kind: 'answer-too-large' } } });
    const kept = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(kept).toEqual([]);
    expect(runs.download(answer.value.id)).toBeNull();
    expect(sent(file.emulator.requests.find((request) => request.path.endsWith('/result'))?.path ?? '')[0]).toBeLessThan(64 * MiB);
    runs.close();
    service.close();
  });
});
