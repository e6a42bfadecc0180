import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PrintDocument } from '../../../shared/document/types';
import { profileFor } from '../../../shared/printer-profiles/find-profile';
import { blockerOf } from '../../../shared/printer-status/live-status';
import { doorCorsHeaders } from '../http/door-cors';
import type { HttpRoute } from '../http/http-route';
import { submitDocument, type DocumentOutcome } from '../intake/document-intake';
import { printerForPosId, type PosId } from '../intake/pos-ids';
import { printableDotsOf } from '../intake/printable-dots';
import { identifyCaller, requesterOf } from '../intake/requester-identity';
import { RequesterLimiters } from '../intake/requester-limiters';
import type { TokenCheck } from '../intake/token-check';
import type { PrintService } from '../print-service';
import type { OriginGate } from '../site-consent/origin-approval';
import type { WebPrntAdmission, WebPrntCors, WebPrntIntake, WebPrntOutcome } from './webprnt-intake';
import { webPrntRoute } from './webprnt-route';
import { doorJobId } from '../intake/reserved-ids';

/** The WebPRNT path without a POS id: the default printer. */
const DEFAULT_POS_ID = 'default';
/** StarWebPrintTrader sets only `Content-Type: text/xml`; `If-Modified-Since` as Star's own samples add it. */
const SDK_HEADERS = ['content-type', 'if-modified-since'];

export interface WebPrntDoorOptions {
  service: PrintService;
  /** The same per-site consent as `/ws` and the ePOS door: unknown sites are asked about in the window. */
  origins: OriginGate;
  /** When set, every request that is not from an allowed site must present it (HTTP Basic password or Bearer). */
  token: TokenCheck | undefined;
  /** The owner's POS ids (one per printer, shared with the ePOS door), read at every request. */
  posIds: () => readonly PosId[];
  /** Jobs per minute per requester (see requesterOf), as on `/ws`; 0 lifts it. */
  ratePerMinute: number;
  log?: (line: string) => void;
}

/**
 * The Star WebPRNT door wired into the service: `/StarWebPRNT/SendMessage` (default printer) and
 * `/<pos-id>/StarWebPRNT/SendMessage` on every listener, feeding the same intake as `/ws` (journal, fair share, printer
 * truth), behind the same site consent and token rule as the ePOS door.
 */
export function webPrntDoor(options: WebPrntDoorOptions): HttpRoute {
  const printableDots = (posId: string): Promise<number> => {
    const target = printerForPosId(posId, options.posIds(), DEFAULT_POS_ID);
    return printableDotsOf(options.service, target.found ? target.printer : undefined);
  };
  return webPrntRoute({ intake: webPrntIntake(options), cors: webPrntCors(options), printableDots, ...(options.log ? { log: options.log } : {}) });
}

function webPrntCors(options: WebPrntDoorOptions): WebPrntCors {
  return {
    preflight(request, response) {
      // A preflight comes from a browser page: only an allowed site's gets CORS.
      const origin = request.headers.origin;
      const allowed = origin !== undefined && origin !== 'null' && options.origins.allowsSite(origin, request);
      response.writeHead(allowed ? 204 : 403, { ...(allowed ? doorCorsHeaders(origin, request, SDK_HEADERS) : {}), 'Content-Length': '0' });
      response.end();
    },
    admit(request: IncomingMessage): Promise<WebPrntAdmission> {
      const caller = identifyCaller(request, options);
      if (typeof caller === 'string') return Promise.resolve(caller);
      return Promise.resolve({ caller, headers: caller.kind === 'site' ? doorCorsHeaders(caller.origin, request, SDK_HEADERS) : {} });
    },
  };
}

function webPrntIntake(options: WebPrntDoorOptions): WebPrntIntake {
  const limiters = new RequesterLimiters(options.ratePerMinute);
  return {
    async print(request) {
      const target = printerForPosId(request.printer, options.posIds(), DEFAULT_POS_ID);
      if (!target.found) return { kind: 'refused', detail: `no printer has the POS id "${request.printer}"` };
      const document: PrintDocument = { ...request.document, ...(target.printer === undefined ? {} : { printer: target.printer }) };
      const refusal = await rawRefusal(options.service, document);
      if (refusal) return { kind: 'refused', detail: refusal };
      const requester = requesterOf('webprnt', request.caller);
      const outcome = await submitDocument(options.service, {
        id: doorJobId('webprnt', request.id ?? randomUUID()),
        document,
        door: requester.door,
        source: requester.source,
        timeoutMs: request.timeoutMs,
        limiter: limiters.of(requester.door),
      });
      return outcomeOf(outcome);
    },
  };
}

/**
 * WebPRNT's `rawdata` (and command bytes written into text) are Star commands. On an ESC/POS printer they would print
 * garbage or do something else entirely, so the job is refused whole, with the reason, before anything is queued. On a
 * Star printer they go out as raw Star commands (language star), through the Star allow-list (star-safety) when the
 * job is encoded. Undefined when they may go on.
 */
async function rawRefusal(service: PrintService, document: PrintDocument): Promise<string | undefined> {
  if (!document.commands.some((command) => command.type === 'raw')) return undefined;
  const name = document.printer ?? 'the default printer';
  const uri = await service.catalog.resolve(document.printer).catch(() => undefined);
  const profile = profileFor(uri === undefined ? undefined : await service.printerModelAt(uri));
  if (profile.commandSet === 'escpos') return `rawdata holds Star commands and ${name} prints ESC/POS: nothing was sent`;
  return undefined;
}

function outcomeOf(outcome: DocumentOutcome): WebPrntOutcome {
  const blocker = outcome.status ? (blockerOf(outcome.status) ?? undefined) : undefined;
  const known = { ...(outcome.status ? { status: outcome.status } : {}), ...(blocker ? { blocker } : {}), detail: outcome.mensaje };
  switch (outcome.kind) {
    case 'printed':
    case 'refused':
    case 'held':
    case 'busy':
    case 'failed':
      return { kind: outcome.kind, ...known };
    case 'invalid':
    case 'timeout':
      return { kind: 'failed', ...known };
  }
}
