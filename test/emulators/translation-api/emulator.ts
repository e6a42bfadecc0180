import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyticsRoute, customTagsRoute } from './admin-analytics-route';
import { AdminKeysRoute } from './admin-keys-route';
import { DocumentsRoute, type DocumentTiming } from './documents-route';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES } from './languages';
import { errorReply, type Reply } from './reply';
import { readBody, type BodyKind, type ReadBody } from './request-body';
import { writeStreamedAnswer, type StreamRule } from './streamed-answer';
import { translateRoute, type EmulatedGlossary } from './translate-route';

/**
 * A test double of the translation service's HTTP interface (spec + vendor OpenAPI), over real HTTP: text
 * translation (JSON and form), languages, usage, glossary details, the document flow, `DeepL-Auth-Key` auth,
 * `X-Trace-ID` on every answer, injected failures and delays, and a log of what arrived. Test code only.
 */
export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** Accepted keys; anything else is answered 403. */
  keys?: string[];
  documentTiming?: DocumentTiming;
  glossaries?: EmulatedGlossary[];
  characterLimit?: number;
  /** Organization admin keys, the only ones `/v2/admin/…` accepts (and that the other endpoints refuse). */
  adminKeys?: string[];
  /** Makes up the admin usage numbers: the same seed gives the same report. */
  analyticsSeed?: number;
  /** Rows per page of the custom-tag report. */
  tagPageSize?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  bodyKind: BodyKind;
  bytes: number;
  fields: Record<string, unknown>;
  fileNames: string[];
  status: number;
  traceId: string;
  /** The client closed the connection before the answer was sent (cancellation). */
  aborted: boolean;
  /** For an answer streamed by a StreamRule: the body bytes written before the client stopped reading. */
  sentBytes?: number;
}

export interface FailureRule {
  status: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Only requests whose path starts with this. */
  path?: string;
  /** Only requests whose path ends with this (`/result`: document downloads only). */
  suffix?: string;
  retryAfter?: string;
}

export interface DelayRule {
  ms: number;
  times?: number;
  path?: string;
}

export interface TranslationEmulator {
  url: string;
  readonly requests: LoggedRequest[];
  /** Requests to the service's API (control calls excluded) whose path starts with `prefix`. */
  requestsTo(prefix: string): LoggedRequest[];
  failNext(rule: FailureRule): void;
  delayNext(rule: DelayRule): void;
  /** The next matching request gets a huge body streamed lazily (see StreamRule) instead of its answer. */
  streamNext(rule: StreamRule): void;
  /** The organization's developer keys as the admin endpoints hold them now. */
  readonly adminKeys: AdminKeysRoute;
  /** Resolves when a request to `prefix` has arrived (for cancelling it mid-flight). */
  arrival(prefix: string): Promise<void>;
  setDocumentTiming(timing: DocumentTiming): void;
  reset(): void;
  close(): Promise<void>;
}

interface Answer {
  reply: Reply;
  retryAfter?: string;
}

export const EMULATOR_KEYS = ['emulator-key-0123456789abcdef', 'emulator-free-key:fx'];
export const EMULATOR_ADMIN_KEYS = ['emulator-admin-key-fedcba9876543210'];
const ADMIN_PREFIX = '/v2/admin/';
const CONTROL_PREFIX = '/__emulator';
/** Error statuses whose OpenAPI response has no body. */
const BODYLESS = new Set([414, 500, 502, 504]);
const MAX_URL_LENGTH = 8_192;

export async function startTranslationEmulator(options: EmulatorOptions = {}): Promise<TranslationEmulator> {
  const keys = new Set(options.keys ?? EMULATOR_KEYS);
  const glossaries = new Map((options.glossaries ?? []).map((glossary) => [glossary.glossary_id, glossary]));
  let timing: DocumentTiming = options.documentTiming ?? { queuedMs: 500, translatingMs: 3_000 };
  const characterLimit = options.characterLimit ?? 500_000;
  let characterCount = 0;
  const bill = (characters: number): boolean => {
    if (characterCount + characters > characterLimit) return false;
    characterCount += characters;
    return true;
  };
  const documents = new DocumentsRoute(() => timing, bill);
  const adminKeys = new Set(options.adminKeys ?? EMULATOR_ADMIN_KEYS);
  const developerKeys = new AdminKeysRoute();
  const analytics = { seed: options.analyticsSeed ?? 20_250_101, tagPageSize: options.tagPageSize ?? 10, keys: () => developerKeys.list() };
  let failures: (FailureRule & { left: number })[] = [];
  let delays: (DelayRule & { left: number })[] = [];
  let streams: (StreamRule & { left: number })[] = [];
  let waiters: { prefix: string; resolve: () => void }[] = [];
  const requests: LoggedRequest[] = [];
  let traceCounter = 0;

  const takeRule = <T extends { path?: string; suffix?: string; left: number }>(rules: T[], path: string): T | undefined => {
    const rule = rules.find(
      (candidate) => candidate.left > 0 && (!candidate.path || path.startsWith(candidate.path)) && (!candidate.suffix || path.endsWith(candidate.suffix)),
    );
    if (rule) rule.left--;
    return rule;
  };

  const route = (method: string, path: string, url: URL, body: ReadBody): Reply => {
    if (method === 'GET' && path === '/v2/admin/analytics') return analyticsRoute(url, analytics);
    if (method === 'GET' && path === '/v2/admin/analytics/custom-tags') return customTagsRoute(url, analytics);
    if (path.startsWith(ADMIN_PREFIX)) return developerKeys.route(method, path, body) ?? errorReply(404, 'Not found');
    if (method === 'POST' && path === '/v2/translate') return translateRoute({ kind: body.kind, bytes: body.bytes, fields: body.fields, glossaries, bill });
    if (method === 'GET' && path === '/v2/languages') {
      const type = url.searchParams.get('type') ?? 'source';
      if (type !== 'source' && type !== 'target') return errorReply(400, "Value for 'type' not supported");
      return { status: 200, json: type === 'target' ? TARGET_LANGUAGES : SOURCE_LANGUAGES.map(({ language, name }) => ({ language, name })) };
    }
    if (method === 'GET' && path === '/v2/usage') return { status: 200, json: { character_count: characterCount, character_limit: characterLimit } };
    const glossary = /^\/v3\/glossaries\/([^/]+)$/.exec(path);
    if (method === 'GET' && glossary) {
      const found = glossaries.get(decodeURIComponent(glossary[1]!));
      if (!found) return errorReply(404, 'Glossary not found');
      return {
        status: 200,
        json: {
          glossary_id: found.glossary_id,
          name: found.name,
          dictionaries: found.dictionaries.map((entry) => ({ source_lang: entry.source_lang, target_lang: entry.target_lang, entry_count: Object.keys(entry.entries).length })),
          creation_time: '2025-01-01T00:00:00.000Z',
        },
      };
    }
    if (method === 'POST' && path === '/v2/document') return documents.upload(body);
    const document = /^\/v2\/document\/([^/]+)(\/result)?$/.exec(path);
    if (method === 'POST' && document) {
      const id = decodeURIComponent(document[1]!);
      return document[2] ? documents.download(id, body) : documents.status(id, body);
    }
    return errorReply(404, 'Not found');
  };

  const control = (method: string, path: string, body: ReadBody): Reply => {
    if (method === 'POST' && path === `${CONTROL_PREFIX}/fail`) failNext(body.fields as unknown as FailureRule);
    else if (method === 'POST' && path === `${CONTROL_PREFIX}/delay`) delayNext(body.fields as unknown as DelayRule);
    else if (method === 'POST' && path === `${CONTROL_PREFIX}/stream`) streamNext(body.fields as unknown as StreamRule);
    else if (method === 'POST' && path === `${CONTROL_PREFIX}/reset`) reset();
    else if (method === 'GET' && path === `${CONTROL_PREFIX}/requests`) return { status: 200, json: requests };
    else return errorReply(404, 'Unknown control call');
    return { status: 200, json: { ok: true } };
  };

  const server = http.createServer(async (request, response) => {
    const traceId = `emu${String(++traceCounter).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
    const rawUrl = request.url ?? '/';
    const url = new URL(rawUrl, 'http://emulator.invalid');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const body = await readBody(request);
    const entry: LoggedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      bodyKind: body.kind,
      bytes: body.bytes,
      fields: body.fields,
      fileNames: body.files.map((file) => file.name),
      status: 0,
      traceId,
      aborted: false,
    };
    const isControl = path.startsWith(CONTROL_PREFIX);
    if (!isControl) {
      requests.push(entry);
      for (const waiter of waiters.filter((candidate) => path.startsWith(candidate.prefix))) waiter.resolve();
      waiters = waiters.filter((candidate) => !path.startsWith(candidate.prefix));
    }
    response.on('close', () => {
      if (!response.writableFinished) entry.aborted = true;
    });
    const streamed = isControl ? undefined : takeRule(streams, path);
    if (streamed) {
      entry.status = streamed.status ?? 200;
      await writeStreamedAnswer(response, streamed, { 'X-Trace-ID': traceId }, (bytes) => {
        entry.sentBytes = bytes;
      });
      return;
    }
    const reply = isControl ? { reply: control(method, path, body) } : answer(method, path, url, body, rawUrl, request.headers.authorization);
    const delay = isControl ? undefined : takeRule(delays, path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    if (response.destroyed) return;
    entry.status = reply.reply.status;
    response.setHeader('X-Trace-ID', traceId);
    if (reply.retryAfter) response.setHeader('Retry-After', reply.retryAfter);
    const { status, json, contentType } = reply.reply;
    if (json !== undefined) {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(json));
    } else {
      response.writeHead(status, contentType ? { 'Content-Type': contentType } : {});
      response.end(reply.reply.body ?? '');
    }
  });

  const answer = (method: string, path: string, url: URL, body: ReadBody, rawUrl: string, authorization: string | undefined): Answer => {
    if (rawUrl.length > MAX_URL_LENGTH) return { reply: { status: 414 } };
    const failure = takeRule(failures, path);
    if (failure) {
      const reply = BODYLESS.has(failure.status) ? { status: failure.status } : errorReply(failure.status, injectedMessage(failure.status));
      return { reply, ...(failure.retryAfter ? { retryAfter: failure.retryAfter } : {}) };
    }
    const key = /^DeepL-Auth-Key (.+)$/.exec(authorization ?? '')?.[1];
    if (!key || !(path.startsWith(ADMIN_PREFIX) ? adminKeys : keys).has(key)) return { reply: errorReply(403, 'Authorization failure, check the authentication key') };
    if (body.invalid) return { reply: errorReply(400, body.invalid) };
    return { reply: route(method, path, url, body) };
  };

  const failNext = (rule: FailureRule): void => void failures.push({ ...rule, left: rule.times ?? 1 });
  const delayNext = (rule: DelayRule): void => void delays.push({ ...rule, left: rule.times ?? 1 });
  const streamNext = (rule: StreamRule): void => void streams.push({ ...rule, left: rule.times ?? 1 });
  const reset = (): void => {
    failures = [];
    delays = [];
    streams = [];
    requests.length = 0;
    developerKeys.reset();
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    requests,
    requestsTo: (prefix) => requests.filter((request) => request.path.startsWith(prefix)),
    failNext,
    delayNext,
    streamNext,
    adminKeys: developerKeys,
    arrival: (prefix) => new Promise((resolve) => waiters.push({ prefix, resolve })),
    setDocumentTiming: (next) => {
      timing = next;
    },
    reset,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function injectedMessage(status: number): string {
  if (status === 403) return 'Authorization failure, check the authentication key';
  if (status === 456) return 'Quota exceeded';
  if (status === 413) return 'Request size exceeds the limit';
  if (status === 429 || status === 529) return 'Too many requests, please wait and resend your request';
  return 'Bad request';
}
