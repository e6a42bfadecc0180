import type { ServerResponse } from 'node:http';
import { HTTP_API_PREFIX, HTTP_EVENTS_PATH } from '../../../shared/contract/channels';
import { CONTRACT, isMethodName } from '../../../shared/contract/methods';
import type { ApiResult, ErrorCode } from '../../../shared/contract/result';
import { DOCUMENT_UPLOAD_BODY_LIMIT } from '../../../shared/contract/translation-types';
import { readBody, sendJson } from '../server/http-util';
import type { HttpRoute } from '../http/http-route';
import { dispatch } from './dispatch';
import type { Handlers } from './handlers';
import { isTrustedCaller, mayAdminister, windowApiRefusal } from './request-guard';

/**
 * Print documents may carry logos: the same bound as a WebSocket frame, plus room for the envelope. A document to
 * translate (up to 10 MiB, as base64) is the one call allowed more: DOCUMENT_UPLOAD_BODY_LIMIT.
 */
const BODY_LIMIT = 6 * 1024 * 1024;

const STATUS_OF: Record<ErrorCode, number> = { 'invalid-input': 400, 'unknown-method': 404, unauthorized: 401, forbidden: 403, failed: 500 };

/** `POST /api/<method>` with a JSON body → the contract's envelope as JSON. */
export function httpApiRoute(handlers: () => Handlers | undefined): HttpRoute {
  return async (request, response, url, context) => {
    if (!url.pathname.startsWith(HTTP_API_PREFIX) || url.pathname === HTTP_EVENTS_PATH) return false;
    const localOnly = windowApiRefusal(request, context.tokenRequired);
    if (localOnly !== undefined) return answer(response, failure('forbidden', localOnly));
    if (!context.isSignedIn()) return answer(response, failure('unauthorized', 'Inicie sesión / Sign in first'));
    if (!isTrustedCaller(request)) return answer(response, failure('forbidden', 'Llamada de otro origen rechazada / Cross-origin call refused'));
    if (request.method !== 'POST') {
      sendJson(response, 405, failure('invalid-input', 'Use POST'), { Allow: 'POST' });
      return true;
    }
    // A JSON content type cannot be sent cross-site without a CORS preflight, which this server never grants.
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return answer(response, failure('invalid-input', 'Content-Type must be application/json'));
    }
    let method: string;
    try {
      method = decodeURIComponent(url.pathname.slice(HTTP_API_PREFIX.length));
    } catch {
      return answer(response, failure('invalid-input', 'Malformed URL'));
    }
    if (isMethodName(method) && CONTRACT[method].access === 'admin' && !mayAdminister(request, context.tokenRequired)) {
      return answer(
        response,
        failure('forbidden', 'Para cambiar la configuración desde otro equipo, configure un token / Set a token to change settings from another computer'),
      );
    }
    const current = handlers();
    if (!current) return answer(response, failure('failed', 'Servicio reiniciándose / Service restarting'));
    let input: unknown;
    try {
      const body = await readBody(request, method === 'uploadTranslationDocument' ? DOCUMENT_UPLOAD_BODY_LIMIT : BODY_LIMIT);
      input = body.trim() === '' ? undefined : JSON.parse(body);
    } catch (error) {
      return answer(response, failure('invalid-input', `JSON: ${(error as Error).message}`));
    }
    const result = await dispatch(current, method, input);
    // The browser that just set a new token proved it knows it: it stays signed in through the restart.
    if (result.ok && setsToken(method, input)) {
      sendJson(response, 200, result, { 'Set-Cookie': context.renewSessions() });
      return true;
    }
    return answer(response, result);
  };
}

function setsToken(method: string, input: unknown): boolean {
  if (method !== 'updateSettings' || typeof input !== 'object' || input === null) return false;
  const secrets = (input as { secrets?: unknown }).secrets;
  return typeof secrets === 'object' && secrets !== null && typeof (secrets as { token?: unknown }).token === 'string';
}

function failure(code: ErrorCode, message: string): ApiResult<never> {
  return { ok: false, error: { code, message } };
}

function answer(response: ServerResponse, result: ApiResult<unknown>): true {
  sendJson(response, result.ok ? 200 : STATUS_OF[result.error.code], result);
  return true;
}
