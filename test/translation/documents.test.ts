import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/main/services/http/service-error';
import { NO_ENCRYPTION } from '../../src/main/services/settings/encryptor';
import { DocumentFailedError, NoDocumentToResumeError, type DocumentProgress } from '../../src/main/services/translation/document-translator';
import { TRANSLATION_FILES } from '../../src/main/services/translation/translation-service';
import { TranslationRuleError } from '../../src/main/services/translation/translation-rule-error';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { KEY, openService, temporaryDir } from './translation-harness';

let emulator: TranslationEmulator;
const work = temporaryDir('documents');

beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 0, translatingMs: 300 } });
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
});

function writeMenu(dir: string, name = 'menu.txt'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'Coffee\nThank you\n');
  return file;
}

/** The document key as the service handed it out, read back from what the client sent with its status checks. */
const documentKeyOnTheWire = (): string => String(emulator.requestsTo('/v2/document/').find((request) => request.fields['document_key'])?.fields['document_key']);

describe('translating a document', () => {
  it('uploads with its options, reports queued and translating with the estimate, downloads once and writes the file', async () => {
    const dir = temporaryDir('doc-flow');
    const service = openService(emulator, dir);
    const progress: DocumentProgress[] = [];
    const output = path.join(dir, 'out', 'menu-zh.html');
    const job = await service.documents.translate(
      { filePath: writeMenu(dir), targetLang: 'zh', sourceLang: 'en', formality: 'prefer_less', glossaryId: 'g-1', outputFormat: 'html', outputPath: output },
      { onProgress: (step) => progress.push(step) },
    );
    service.close();
    const [upload] = emulator.requestsTo('/v2/document');
    expect(upload?.bodyKind).toBe('multipart');
    expect(upload?.fileNames).toEqual(['menu.txt']);
    expect(upload?.fields).toMatchObject({ target_lang: 'zh', source_lang: 'en', formality: 'prefer_less', glossary_id: 'g-1', output_format: 'html' });
    const phases = progress.map((step) => step.phase);
    expect(phases[0]).toBe('uploading');
    expect(phases).toContain('queued');
    expect(progress.some((step) => step.phase === 'translating' && typeof step.secondsRemaining === 'number')).toBe(true);
    expect(phases.slice(-2)).toEqual(['downloading', 'downloaded']);
    expect(fs.readFileSync(output, 'utf8')).toBe('[ZH] 咖啡\n[ZH] 谢谢\n');
    expect(job).toMatchObject({ state: 'downloaded', billedCharacters: 17, outputPath: output });
    expect(fs.existsSync(`${output}.part`)).toBe(false);
    const downloads = emulator.requestsTo('/v2/document/').filter((request) => request.path.endsWith('/result'));
    expect(downloads).toHaveLength(1);
    // The service hands a result out once: a second download finds nothing.
    const again = await fetch(`${emulator.url}${downloads[0]!.path}`, {
      method: 'POST',
      headers: { Authorization: `DeepL-Auth-Key ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_key: downloads[0]!.fields['document_key'] }),
    });
    expect(again.status).toBe(404);
    expect(service.documents.jobs()[0]).toMatchObject({ id: job.id, state: 'downloaded' });
  });

  it('keeps the document key sealed in the job file, never in plain text, and drops it once done', async () => {
    const dir = temporaryDir('doc-key');
    const service = openService(emulator, dir);
    const jobsFile = path.join(dir, TRANSLATION_FILES.documents);
    let whileRunning = '';
    await service.documents.translate(
      { filePath: writeMenu(dir), targetLang: 'DE' },
      {
        onProgress: (step) => {
          if (step.phase === 'translating') whileRunning = fs.readFileSync(jobsFile, 'utf8');
        },
      },
    );
    service.close();
    const key = documentKeyOnTheWire();
    expect(key).toMatch(/^[0-9A-F]{64}$/);
    expect(whileRunning).toContain('"sealedKey"');
    expect(whileRunning).not.toContain(key);
    expect(fs.readFileSync(jobsFile, 'utf8')).not.toContain('sealedKey');
  });

  it('without encryption keeps the key in memory only: the job completes but is not resumable', async () => {
    const dir = temporaryDir('doc-memory');
    const service = openService(emulator, dir, { encryptor: NO_ENCRYPTION });
    let whileRunning = '';
    const job = await service.documents.translate(
      { filePath: writeMenu(dir), targetLang: 'DE' },
      { onProgress: (step) => void (step.phase === 'queued' && (whileRunning = fs.readFileSync(path.join(dir, TRANSLATION_FILES.documents), 'utf8'))) },
    );
    service.close();
    expect(job).toMatchObject({ state: 'downloaded', resumable: false });
    expect(whileRunning).not.toContain('sealedKey');
    expect(whileRunning).not.toContain(documentKeyOnTheWire());
  });

  it('resumes a job an interrupted run left, in a new service instance', async () => {
    const dir = temporaryDir('doc-resume');
    const first = openService(emulator, dir);
    const controller = new AbortController();
    const stopped = await first.documents
      .translate({ filePath: writeMenu(dir), targetLang: 'AR' }, { signal: controller.signal, onProgress: (step) => step.phase === 'queued' && controller.abort() })
      .catch((error: unknown) => error);
    first.close();
    expect(stopped).toBeInstanceOf(ServiceError);
    expect((stopped as ServiceError).kind).toBe('cancelled');
    const second = openService(emulator, dir);
    const job = await second.documents.resume({});
    const none = await second.documents.resume({}).catch((error: unknown) => error);
    second.close();
    expect(job.state).toBe('downloaded');
    expect(fs.readFileSync(job.outputPath, 'utf8')).toBe('[AR] قهوة\n[AR] شكرا\n');
    expect(emulator.requests.filter((request) => request.path === '/v2/document')).toHaveLength(1);
    expect(none).toBeInstanceOf(NoDocumentToResumeError);
  });

  it.each([
    ['the sample field "message"', 'menu.txt', 'ES', 'Source and target language are equal.'],
    ['"error_message"', 'broken.txt', undefined, 'The document could not be read.'],
  ])('reports a document the service could not translate with its reason under %s', async (_field, name, sourceLang, reason) => {
    const dir = temporaryDir('doc-error');
    const service = openService(emulator, dir);
    const error = await service.documents
      .translate({ filePath: writeMenu(dir, name), targetLang: 'ES', ...(sourceLang ? { sourceLang } : {}) })
      .catch((failure: unknown) => failure);
    const [job] = service.documents.jobs();
    service.close();
    expect(error).toBeInstanceOf(DocumentFailedError);
    expect((error as DocumentFailedError).serviceMessage).toBe(reason);
    expect(job).toMatchObject({ state: 'error', errorMessage: reason });
  });

  it('refuses a file type the service does not translate before uploading it', async () => {
    const dir = temporaryDir('doc-type');
    const service = openService(emulator, dir);
    const error = await service.documents.translate({ filePath: writeMenu(dir, 'menu.odt'), targetLang: 'DE' }).catch((failure: unknown) => failure);
    service.close();
    expect((error as TranslationRuleError).rule).toBe('unsupported-document');
    expect(emulator.requestsTo('/v2/document')).toHaveLength(0);
  });
});
