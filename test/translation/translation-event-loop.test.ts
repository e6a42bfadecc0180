import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_ANSWER_LIMIT } from '../../src/main/services/http/answer-limits';
import type { RetryPolicy } from '../../src/main/services/http/retry-policy';
import { apiKeyEncryptor } from '../../src/main/services/translation/key-derived-encryptor';
import { readDocumentStatus } from '../../src/main/services/translation/service-answers';
import { TranslationService } from '../../src/main/services/translation/translation-service';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES } from '../emulators/translation-api/languages';
import { bestStall, repeatTo, startBytesServer, type BytesServer } from '../support/event-loop-stall';
import { KEY, temporaryDir } from './translation-harness';
import { serviceFailureOf } from '../support/service-failure';

/**
 * Issue 20 item 3: translation answers (up to 4 MiB) were decoded and parsed on the thread that acknowledges tickets,
 * by deepl-node or by Ticketera, and a translated text sent as protected XML was turned back into plain text there
 * too. Large answers are now read on a thread of their own; those the library parses itself are weighed there first.
 */
const PATIENT: RetryPolicy = { attemptTimeoutMs: 60_000, maxAttempts: 1, totalBudgetMs: 60_000, baseDelayMs: 10, maxDelayMs: 10 };
/** Generous for 2 busy shared cores; the old code held the loop 0.1–1 s on these answers. */
const STALL_BOUND_MS = 50;
const LIMIT = JSON_ANSWER_LIMIT - 200;

/** The worst text to turn back into plain text: entities and keep tags all along, in two-byte text. */
const PROTECTED_UNIT = '&amp;&lt;&#x4E2D;&#20013;<keep>{{total}}</keep> ñandú ';
const PLAIN_UNIT = '&<中中{{total}} ñandú ';
const protectedText = repeatTo(PROTECTED_UNIT, LIMIT);
const translation = (text: string): string => `{"translations":[{"detected_source_language":"EN","text":${JSON.stringify(text)}}]}`;

const HOSTILE_TRANSLATIONS: Record<string, Buffer> = {
  protectedText: Buffer.from(translation(protectedText)),
  emptyObjects: Buffer.from(`{"translations":[${repeatTo('{},', LIMIT)}{}]}`),
  nestedLists: Buffer.from(`{"translations":${'['.repeat(LIMIT / 2)}${']'.repeat(LIMIT / 2)}}`),
};
/** What deepl-node parses itself (the language list here): each refused before it is parsed on this thread. */
const HOSTILE_LANGUAGES: Record<string, Buffer> = {
  emptyObjects: Buffer.from(`[${repeatTo('{},', LIMIT)}{}]`),
  escapedName: Buffer.from(`[{"language":"EN","name":"${repeatTo('\\u00e9', LIMIT)}"}]`),
  // Under 256 KiB, but 100,000 values.
  manyValues: Buffer.from(`[{"language":"EN","name":"English","junk":[${repeatTo('0,', 200_000)}0]}]`),
};

let server: BytesServer;
let translateBody = HOSTILE_TRANSLATIONS['protectedText']!;
let languagesBody: Buffer | undefined;
beforeAll(async () => {
  server = await startBytesServer((url) => {
    if (url.pathname === '/v2/translate') return { body: translateBody };
    if (url.pathname === '/v2/languages') {
      if (languagesBody) return { body: languagesBody };
      return { body: Buffer.from(JSON.stringify(url.searchParams.get('type') === 'target' ? TARGET_LANGUAGES : SOURCE_LANGUAGES)) };
    }
    return { status: 404, body: Buffer.from('{"message":"Not found"}') };
  });
});
afterAll(() => server.close());

/** A service of its own each time: no cached language list or translation. */
const service = (): TranslationService =>
  new TranslationService({
    dataDir: temporaryDir('translation-stall'),
    apiKey: KEY,
    serverUrl: server.url,
    encryptor: apiKeyEncryptor(KEY),
    policies: { interactive: PATIENT, documentTransfer: PATIENT, documentStatus: PATIENT },
  });

let sent = 0;
const translate = async (): Promise<string> => {
  const opened = service();
  try {
    // Protected (placeholders): sent as XML, the answer turned back into plain text.
    const outcome = await opened.text.translate({ texts: [`Total ${(sent += 1)}: {{total}}`], options: { sourceLang: 'EN', targetLang: 'ES' } });
    return outcome.translations[0]!.text;
  } finally {
    opened.close();
  }
};
const languages = async (): Promise<unknown> => {
  const opened = service();
  try {
    return await opened.languages.lists();
  } finally {
    opened.close();
  }
};

const failureOf = serviceFailureOf;

describe('translation answers of 4 MiB (issue 20 item 3)', () => {
  it('never hold the thread that acknowledges tickets for more than a few ms', { timeout: 300_000 }, async () => {
    languagesBody = undefined;
    for (const [name, body] of Object.entries(HOSTILE_TRANSLATIONS)) {
      translateBody = body;
      const { best, text } = await bestStall(translate);
      console.log(`translate ${name}: ${text}`);
      expect(best, `translate ${name} (${body.length} bytes): ${text}`).toBeLessThan(STALL_BOUND_MS);
    }
    for (const [name, body] of Object.entries(HOSTILE_LANGUAGES)) {
      languagesBody = body;
      const { best, text } = await bestStall(languages);
      console.log(`languages ${name}: ${text}`);
      expect(best, `languages ${name} (${body.length} bytes): ${text}`).toBeLessThan(STALL_BOUND_MS);
    }
    const status = Buffer.from(`{"status":"done","junk":[${repeatTo('{},', LIMIT)}{}]}`);
    const { best, text } = await bestStall(() => readDocumentStatus(status, new AbortController().signal));
    console.log(`document status: ${text}`);
    expect(best, `document status: ${text}`).toBeLessThan(STALL_BOUND_MS);
  });

  it('gives a 4 MiB protected translation back as plain text, and says hostile answers are unreadable', { timeout: 180_000 }, async () => {
    languagesBody = undefined;
    translateBody = HOSTILE_TRANSLATIONS['protectedText']!;
    const text = await translate();
    const units = protectedText.length / PROTECTED_UNIT.length;
    expect(text.length).toBe(units * PLAIN_UNIT.length);
    expect(text.slice(0, 2 * PLAIN_UNIT.length)).toBe(PLAIN_UNIT.repeat(2));
    for (const name of ['emptyObjects', 'nestedLists']) {
      translateBody = HOSTILE_TRANSLATIONS[name]!;
      expect(await failureOf(translate()), name).toMatchObject({ kind: 'bad-response', retryable: false, traceId: expect.stringMatching(/^hostile-/) as unknown });
    }
    for (const [name, body] of Object.entries(HOSTILE_LANGUAGES)) {
      languagesBody = body;
      expect(await failureOf(languages()), name).toMatchObject({ kind: 'bad-response', retryable: false, traceId: expect.stringMatching(/^hostile-/) as unknown });
    }
    // A real list over 4 KiB is weighed on a thread, then read by the library as before.
    const many = Array.from({ length: 120 }, (_, index) => ({ language: `X${index}`, name: `Language number ${index}`, supports_formality: index % 2 === 0 }));
    languagesBody = Buffer.from(JSON.stringify(many));
    const lists = (await languages()) as { source: unknown[] };
    expect(lists.source).toHaveLength(120);
    const status = await readDocumentStatus(Buffer.from(`{"status":"translating","seconds_remaining":3,"junk":"${'x'.repeat(10_000)}"}`), new AbortController().signal);
    expect(status).toMatchObject({ status: 'translating', secondsRemaining: 3 });
    await expect(readDocumentStatus(Buffer.from(`{"status":"done","junk":[${repeatTo('{},', LIMIT)}`), new AbortController().signal)).rejects.toMatchObject({ kind: 'bad-response' });
  });
});
