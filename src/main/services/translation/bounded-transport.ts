import type { IncomingMessage } from 'node:http';
import type { HttpClient } from 'deepl-node/dist/client';
import { ERROR_ANSWER_LIMIT, JSON_ANSWER_LIMIT } from '../http/answer-limits';
import { exchangeSignal, noteErrorBody } from '../http/library-exchange';
import { INLINE_READ_LIMIT, readAnswer } from '../http/read-off-thread';
import { BodyTooLargeError } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import { deeplLibrary } from './deepl-library';

/**
 * The answers deepl-node parses itself (languages, usage, glossary information, a document's handle) are a few KiB:
 * past this, or past LIBRARY_MAX_VALUES values, an answer is not one of them. Parsing the worst 256 KiB that passes
 * (20,000 values, or long texts full of escapes) takes a few ms; the worst 4 MiB took 640 ms.
 */
export const LIBRARY_ANSWER_LIMIT = 256 * 1024;
export const LIBRARY_MAX_VALUES = 20_000;
/** What deepl-node is given of an error answer, for its own message (ours comes from the longer one, noteErrorBody). */
const LIBRARY_ERROR_TEXT = 16 * 1024;

export type SendBytes = (...args: Parameters<HttpClient['sendRequestWithBackoff']>) => Promise<{ statusCode: number; content: Uint8Array }>;

/**
 * Bounds every answer deepl-node reads through `transport` (its HttpClient, the extension point our subclass already
 * uses), without patching the library:
 * - a non-streamed answer (every JSON call, error answers included) is buffered by axios, so axios is told to count it
 *   as it arrives — after decompression, so a small gzip bomb is caught too — to abort past JSON_ANSWER_LIMIT, which
 *   then fails as `answer-too-large`, and to hand over bytes, not text: decoding 4 MiB can take 50 ms;
 * - an answer the library parses itself is first weighed on a reading thread when over 4 KiB (http/read-off-thread),
 *   and refused as `bad-response` when it is not JSON or far larger than any it reads, so its parse stays short;
 * - a streamed answer (a document download) is left to its reader, which counts it (document-download.ts);
 * - an error answer's body, already bounded, is handed to the observed exchange for the service's `message`.
 * Returns the bounded request that gives the bytes, for the answers Ticketera reads itself (translate, document status).
 */
export function boundTransport(transport: HttpClient, service: string): SendBytes {
  const prepare = transport.prepareRequest.bind(transport);
  transport.prepareRequest = (method, url, timeoutMs, responseAsStream, options) => {
    const config = prepare(method, url, timeoutMs, responseAsStream, options);
    return responseAsStream ? config : { ...config, maxContentLength: JSON_ANSWER_LIMIT, responseType: 'arraybuffer' };
  };
  const send = transport.sendRequestWithBackoff.bind(transport);
  const sendBytes: SendBytes = async (...args) => {
    let answer: { statusCode: number; content: string };
    try {
      answer = await send<string>(...args);
    } catch (failure) {
      if (isAnswerLimit(failure)) throw new BodyTooLargeError(service, `more than ${JSON_ANSWER_LIMIT} bytes`);
      throw failure;
    }
    // responseType 'arraybuffer': axios gives a Buffer whatever deepl-node's type says.
    const content = answer.content as unknown as Uint8Array;
    if (answer.statusCode >= 400) noteErrorBody(decodeUtf8(content.subarray(0, ERROR_ANSWER_LIMIT)));
    return { statusCode: answer.statusCode, content };
  };
  transport.sendRequestWithBackoff = async <T extends string | IncomingMessage>(...args: Parameters<HttpClient['sendRequestWithBackoff']>) => {
    if (args[3] === true) return send<T>(...args);
    const { statusCode, content } = await sendBytes(...args);
    return { statusCode, content: (await libraryText(statusCode, content, service)) as T };
  };
  return sendBytes;
}

/** An error answer as deepl-node is given it (checkStatusCode parses it for its message): its start only. */
export function libraryErrorText(content: Uint8Array): string {
  return decodeUtf8(content.subarray(0, LIBRARY_ERROR_TEXT));
}

/** An answer as text for deepl-node to parse, once known to be short to parse. */
async function libraryText(statusCode: number, content: Uint8Array, service: string): Promise<string> {
  if (statusCode >= 400) return libraryErrorText(content);
  if (content.length <= INLINE_READ_LIMIT) return decodeUtf8(content);
  const refuse = (cause: string): ServiceError => new ServiceError({ kind: 'bad-response', service, retryable: false, attempts: 1, cause });
  if (content.length > LIBRARY_ANSWER_LIMIT) throw refuse(`${content.length} bytes, far more than any answer of this call`);
  // Always inside an observed call (deepl-connection); the fallback only keeps this function total.
  const signal = exchangeSignal() ?? new AbortController().signal;
  const weight = await readAnswer({ reader: 'json-weight', params: { maxValues: LIBRARY_MAX_VALUES }, body: content, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) }, signal);
  if (weight.kind === 'unreadable') throw refuse(weight.detail);
  return decodeUtf8(content);
}

const decodeUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/** axios's own words when an answer passes `maxContentLength` (deepl-node wraps every axios failure in ConnectionError). */
function isAnswerLimit(failure: unknown): boolean {
  if (!(failure instanceof deeplLibrary().ConnectionError)) return false;
  const cause = failure.error as { code?: unknown; message?: unknown } | undefined;
  return cause?.code === 'ERR_BAD_RESPONSE' && typeof cause.message === 'string' && cause.message.startsWith('maxContentLength size of');
}
