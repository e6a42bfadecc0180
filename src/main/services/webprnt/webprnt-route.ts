import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBoundedBody } from '../http/bounded-body';
import { answerOf, answerXml, unreadableAnswer, type TraderAnswer } from './webprnt-answer';
import { interpretWebPrnt } from './webprnt-document';
import type { WebPrntDeps, WebPrntOutcome } from './webprnt-intake';
import { readWebPrntRequest } from './webprnt-request';

/** StarWebPrintTrader's own default wait. */
const DEFAULT_TIMEOUT_MS = 90_000;
const DEFAULT_MAX_BODY = 8 * 1024 * 1024;
/** `/StarWebPRNT/SendMessage`, or `/<pos-id>/StarWebPRNT/SendMessage` for a printer the owner named. */
const PATH = /^\/(?:([^/]+)\/)?starwebprnt\/sendmessage\/?$/i;
const POS_ID = /^[\p{L}\p{N}._~-]{1,64}$/u;
/** As the ePOS door: room for Epson's 30 characters, never an unbounded key in the journal. */
const MAX_PRINTJOBID = 64;

export type WebPrntRoute = (request: IncomingMessage, response: ServerResponse, url: URL) => boolean | Promise<boolean>;

/**
 * The Star WebPRNT door: answers what a Star printer with WebPRNT answers at `/StarWebPRNT/SendMessage`, printing on
 * whichever printer the POS id names (`default` without one). Everything else is left to other routes (false).
 */
export function webPrntRoute(deps: WebPrntDeps): WebPrntRoute {
  return (request, response, url) => {
    const match = PATH.exec(url.pathname);
    if (!match) return false;
    return serve(deps, request, response, url, match[1]).then(
      () => true,
      (error: unknown) => {
        // Whatever went wrong, the POS gets Star's failure answer rather than a hanging request.
        deps.log?.(`WebPRNT request failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) send(response, {}, unreadableAnswer());
        else response.destroy();
        return true;
      },
    );
  };
}

async function serve(deps: WebPrntDeps, request: IncomingMessage, response: ServerResponse, url: URL, rawId: string | undefined): Promise<void> {
  if (request.method === 'OPTIONS') return deps.cors.preflight(request, response);
  const printer = posIdOf(rawId);
  if (request.method !== 'POST' || printer === undefined) {
    const status = printer === undefined ? 404 : 405;
    response.writeHead(status, { Allow: 'POST, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    return closeAfterAnswer(request, response, status === 404 ? 'Not found' : 'Method not allowed');
  }
  const admission = await deps.cors.admit(request);
  if (admission === 'site-not-allowed') {
    // The site is not allowed to print: nothing is read, nothing printed, and no CORS header lets the page read this.
    response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    return closeAfterAnswer(request, response, 'Sitio no permitido en Ticketera / Site not allowed by Ticketera');
  }
  if (admission === 'wrong-token') {
    response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', 'WWW-Authenticate': 'Basic realm="Ticketera"' });
    return closeAfterAnswer(request, response, 'Token incorrecto / Wrong or missing token');
  }
  const { caller, headers } = admission;
  const id = printJobIdOf(url);
  if (id === null) return refuse(deps, request, response, headers, 'printjobid must be 1–64 characters');
  const maxBody = deps.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const body = await readBoundedBody(request, maxBody);
  if (!body.ok) {
    // The POS went away mid-request: nobody is left to answer.
    if (body.reason === 'aborted') return void response.destroy();
    return refuse(deps, request, response, headers, `the request is larger than ${Math.round(maxBody / (1024 * 1024))} MiB`, true);
  }
  const reading = readWebPrntRequest(body.text);
  if (!reading.ok) return refuse(deps, request, response, headers, reading.problem);
  const hasPage = reading.request.elements.some((element) => element.name === 'pagemode');
  const printableDots = hasPage ? await deps.printableDots?.(printer) : undefined;
  const interpretation = interpretWebPrnt(reading.request.elements, { logo: deps.logo, ...(printableDots === undefined ? {} : { printableDots }) });
  if (!interpretation.ok) return refuse(deps, request, response, headers, interpretation.problem);
  const outcome = await deps.intake
    .print({ document: interpretation.document, printer, timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, caller, ...(id === undefined ? {} : { id }) })
    .catch((error: unknown): WebPrntOutcome => ({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) }));
  if (outcome.kind !== 'printed' && outcome.detail) deps.log?.(`WebPRNT (${printer}): ${outcome.kind}: ${outcome.detail}`);
  send(response, headers, answerOf(outcome));
}

/** The request's own job id (`?printjobid=`), undefined without one, null when it cannot be one. */
function printJobIdOf(url: URL): string | undefined | null {
  const id = url.searchParams.get('printjobid');
  if (id === null) return undefined;
  return id.length >= 1 && id.length <= MAX_PRINTJOBID ? id : null;
}

/** The POS id from the path (`default` without one), or undefined when it cannot be one. */
function posIdOf(rawId: string | undefined): string | undefined {
  if (rawId === undefined) return 'default';
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return undefined;
  }
  return POS_ID.test(id) ? id : undefined;
}

function refuse(deps: WebPrntDeps, request: IncomingMessage, response: ServerResponse, headers: Record<string, string>, problem: string, close = false): void {
  deps.log?.(`WebPRNT request refused, nothing printed: ${problem}`);
  if (!close) return send(response, headers, unreadableAnswer());
  response.writeHead(200, { ...answerHeaders(headers), Connection: 'close' });
  closeAfterAnswer(request, response, answerXml(unreadableAnswer()));
}

function send(response: ServerResponse, headers: Record<string, string>, answer: TraderAnswer): void {
  response.writeHead(200, answerHeaders(headers));
  response.end(answerXml(answer));
}

const answerHeaders = (headers: Record<string, string>): Record<string, string> => ({
  ...headers,
  'Content-Type': 'text/xml; charset=UTF-8',
  'Cache-Control': 'no-store',
});

/** Ends the answer, then the connection: the rest of a refused body is never read. */
function closeAfterAnswer(request: IncomingMessage, response: ServerResponse, body: string): void {
  response.on('finish', () => request.destroy());
  response.end(body);
}
