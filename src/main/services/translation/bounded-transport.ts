import type { IncomingMessage } from 'node:http';
import { ConnectionError } from 'deepl-node';
import type { HttpClient } from 'deepl-node/dist/client';
import { ERROR_ANSWER_LIMIT, JSON_ANSWER_LIMIT } from '../http/answer-limits';
import { noteErrorBody } from '../http/library-exchange';
import { BodyTooLargeError } from '../http/send-request';

/**
 * Bounds every answer deepl-node reads through `transport` (its HttpClient, the extension point our subclass already
 * uses), without patching the library:
 * - a text answer (every JSON call, error answers included) is buffered by axios, so axios is told to count it as it
 *   arrives — after decompression, so a small gzip bomb is caught too — and to abort past JSON_ANSWER_LIMIT, which
 *   then fails as `answer-too-large`;
 * - a streamed answer (a document download) is left to its reader, which counts it (document-download.ts);
 * - an error answer's body, already bounded, is handed to the observed exchange for the service's `message`.
 */
export function boundTransport(transport: HttpClient, service: string): void {
  const prepare = transport.prepareRequest.bind(transport);
  transport.prepareRequest = (method, url, timeoutMs, responseAsStream, options) => {
    const config = prepare(method, url, timeoutMs, responseAsStream, options);
    return responseAsStream ? config : { ...config, maxContentLength: JSON_ANSWER_LIMIT };
  };
  const send = transport.sendRequestWithBackoff.bind(transport);
  transport.sendRequestWithBackoff = async <T extends string | IncomingMessage>(...args: Parameters<HttpClient['sendRequestWithBackoff']>) => {
    let answer: { statusCode: number; content: T };
    try {
      answer = await send<T>(...args);
    } catch (failure) {
      if (isAnswerLimit(failure)) throw new BodyTooLargeError(service, `more than ${JSON_ANSWER_LIMIT} bytes`);
      throw failure;
    }
    if (answer.statusCode >= 400 && typeof answer.content === 'string') noteErrorBody(answer.content.slice(0, ERROR_ANSWER_LIMIT));
    return answer;
  };
}

/** axios's own words when an answer passes `maxContentLength` (deepl-node wraps every axios failure in ConnectionError). */
function isAnswerLimit(failure: unknown): boolean {
  if (!(failure instanceof ConnectionError)) return false;
  const cause = failure.error as { code?: unknown; message?: unknown } | undefined;
  return cause?.code === 'ERR_BAD_RESPONSE' && typeof cause.message === 'string' && cause.message.startsWith('maxContentLength size of');
}
