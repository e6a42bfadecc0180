import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { readBoundedBody } from '../http/bounded-body';
import type { HttpRoute } from '../http/http-route';
import { submitDocument, type DocumentOutcome } from '../intake/document-intake';
import { printableDotsOf } from '../intake/printable-dots';
import { identifyCaller, requesterOf, type Requester } from '../intake/requester-identity';
import { RequesterLimiters } from '../intake/requester-limiters';
import type { SlidingWindowLimiter } from '../intake/rate-limiter';
import type { TokenCheck } from '../intake/token-check';
import type { PrintService } from '../print-service';
import type { OriginGate } from '../site-consent/origin-approval';
import { answerFor, answerXml, type EposAnswer } from './epos-answer';
import { corsHeaders } from './epos-cors';
import { printerForDevice, type EposDevice } from './epos-devices';
import { EposParameterError, EposSchemaError } from './epos-errors';
import { documentOf } from './epos-interpreter';
import { EPOS_PATH, LOCAL_PRINTER, type EposCode } from './epos-protocol';
import { readEposRequest } from './epos-request';
import { doorJobId } from '../intake/reserved-ids';

/** A receipt drawn as a gray16 picture 576 dots wide and a metre long is ~4 MiB of base64; twice that is plenty. */
export const EPOS_BODY_LIMIT = 8 * 1024 * 1024;
/** Epson's printers wait 60 s when a request names no timeout; Ticketera waits at most five minutes whatever it says. */
const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 300_000;
/** Epson allows 30 characters; a little more room, never an unbounded key in the journal. */
const MAX_PRINTJOBID = 64;

export interface EposRouteOptions {
  service: PrintService;
  /** The same per-site consent as `/ws`: asked at every request, so the owner's answer applies to the next one. */
  origins: OriginGate;
  /** When set, every request that is not from an allowed site must present it; see docs/pos-vendor-protocols.md. */
  token: TokenCheck | undefined;
  /** The owner's device ids, read at every request. */
  devices: () => readonly EposDevice[];
  /** Jobs per minute per requester (see requesterOf), as on `/ws`; 0 lifts it. */
  ratePerMinute: number;
}

/**
 * The Epson ePOS-Print door: `POST /cgi-bin/epos/service.cgi?devid=…&timeout=…` on every listener (HTTP and TLS), as
 * an Epson printer's own web server answers it, feeding the same intake as `/ws`.
 *
 * Who may print (see identifyCaller): a browser page only when its site is allowed — unknown sites are asked about in
 * the window, exactly as for `/ws`, and get nothing printed meanwhile; the ePOS protocol has no field for Ticketera's
 * token, so the owner's consent is what lets a page print. Any other request (a native app, a script on the shop's
 * network, or one claiming the service's own origin) is admitted as on `/ws`, and when a token protects the service it
 * must carry it (HTTP Basic password or `Authorization: Bearer`), as every `/ws` ticket must.
 */
export function eposRoute(options: EposRouteOptions): HttpRoute {
  const limiters = new RequesterLimiters(options.ratePerMinute);

  return async (request, response, url) => {
    if (url.pathname !== EPOS_PATH) return false;
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') {
      // A preflight comes from a browser page: only an allowed site's gets CORS.
      const allowed = origin !== undefined && origin !== 'null' && options.origins.allowsSite(origin, request);
      response.writeHead(allowed ? 204 : 403, { ...(allowed ? corsHeaders(origin, request) : {}), 'Content-Length': '0' });
      response.end();
      return true;
    }
    const caller = identifyCaller(request, options);
    if (caller === 'site-not-allowed') return refuse(response, 403, 'Sitio no permitido en Ticketera / Site not allowed by Ticketera');
    if (caller === 'wrong-token') {
      return refuse(response, 401, 'Token incorrecto / Wrong or missing token', { 'WWW-Authenticate': 'Basic realm="Ticketera"' });
    }
    const cors = caller.kind === 'site' ? corsHeaders(caller.origin, request) : {};
    if (request.method !== 'POST') return refuse(response, 405, 'POST only', { ...cors, Allow: 'POST, OPTIONS' });
    const body = await readBoundedBody(request, EPOS_BODY_LIMIT);
    if (!body.ok) {
      if (body.reason === 'aborted') return true;
      // Answered, then the connection is closed: the rest of the body is never read.
      response.once('finish', () => request.socket.destroy());
      return answer(response, { success: false, code: 'RequestEntityTooLarge', status: 0 }, { ...cors, Connection: 'close' });
    }
    const requester = requesterOf('epos', caller);
    const outcome = await handle(body.text, url, options, requester, limiters.of(requester.door));
    return answer(response, 'code' in outcome ? outcome : answerFor(outcome), cors);
  };
}

async function handle(text: string, url: URL, options: EposRouteOptions, requester: Requester, limiter: SlidingWindowLimiter): Promise<EposAnswer | DocumentOutcome> {
  const failure = (code: EposCode): EposAnswer => ({ success: false, code, status: 0 });
  try {
    const { print, header } = readEposRequest(text);
    const devid = url.searchParams.get('devid') ?? header.devid ?? LOCAL_PRINTER;
    const target = printerForDevice(devid, options.devices());
    if (!target.found) return failure('DeviceNotFound');
    const document = documentOf(print, target.printer, await printableDotsOf(options.service, target.printer));
    const printjobid = url.searchParams.get('printjobid') ?? header.printjobid;
    if (printjobid !== undefined && (printjobid.length === 0 || printjobid.length > MAX_PRINTJOBID)) return failure('SchemaError');
    return await submitDocument(options.service, {
      id: doorJobId('epos', printjobid ?? randomUUID()),
      document,
      door: requester.door,
      source: requester.source,
      timeoutMs: timeoutOf(url.searchParams.get('timeout') ?? header.timeout),
      limiter,
    });
  } catch (error) {
    if (error instanceof EposSchemaError) return failure('SchemaError');
    if (error instanceof EposParameterError) return failure('ParameterError');
    throw error;
  }
}

function timeoutOf(value: string | undefined): number {
  if (value === undefined || !/^[0-9]{1,9}$/.test(value)) return DEFAULT_TIMEOUT_MS;
  return Math.min(MAX_TIMEOUT_MS, Math.max(1_000, Number(value)));
}

function answer(response: ServerResponse, value: EposAnswer, headers: Record<string, string>): true {
  // Epson's printers answer 200 whatever the outcome: the SDK reads the envelope only from a 200 (`onreceive`).
  response.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(answerXml(value));
  return true;
}

function refuse(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): true {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close', ...headers });
  response.end(text);
  return true;
}
