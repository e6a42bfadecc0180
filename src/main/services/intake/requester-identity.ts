import type { IncomingMessage } from 'node:http';
import type { JobSource } from '../../../shared/contract/job-source';
import { isTrustedCaller } from '../app-api/request-guard';
import { unverifiedDoor, type Door } from '../queue/door';
import type { OriginGate } from '../site-consent/origin-approval';
import { presentedToken } from './presented-token';
import { tokenMatches, type TokenCheck } from './token-check';

/**
 * Who called a vendor door (ePOS-Print, WebPRNT), as far as the service can verify it. Every header is the caller's
 * choice: an Origin, a Host, an address more. Only the owner's consent (a site on the allowed list) and the token say
 * who it is; everything else is anyone.
 */
export type DoorCaller =
  /** A page of a site the owner allowed (its Origin): the owner's consent is its authorisation, as neither protocol carries a token. */
  | { kind: 'site'; origin: string; address: string }
  /** Presented the token that protects the service (HTTP Basic password or `Authorization: Bearer`). */
  | { kind: 'token'; address: string }
  /** No token protects the service and it named no allowed site: any program on the shop's network. */
  | { kind: 'anyone'; address: string };

/** The caller, or why it may not print: `site-not-allowed` (403, nothing read) or `wrong-token` (401). */
export type CallerCheck = DoorCaller | 'site-not-allowed' | 'wrong-token';

export interface CallerRules {
  origins: OriginGate;
  /** When set, every caller that is not an allowed site must present it. */
  token: TokenCheck | undefined;
}

/**
 * Who is calling. A request naming a site (Origin) prints only when the owner allowed that site — an unknown one is
 * asked about in the window, exactly as on `/ws`. One whose Origin is the service's own (Origin matching Host, by a
 * shop-local name) names no site: those two headers are anyone's to write, so it is taken as a request without Origin
 * (a native app, a script), which carries the token when one protects the service.
 */
export function identifyCaller(request: IncomingMessage, rules: CallerRules): CallerCheck {
  const origin = request.headers.origin;
  const address = request.socket.remoteAddress ?? 'unknown';
  if (origin !== undefined && !isTrustedCaller(request)) {
    return origin !== 'null' && rules.origins.allowsSite(origin, request) ? { kind: 'site', origin, address } : 'site-not-allowed';
  }
  if (rules.token === undefined) return { kind: 'anyone', address };
  return tokenMatches(rules.token, presentedToken(request)) ? { kind: 'token', address } : 'wrong-token';
}

/** A caller as the queue and the rate limit count it (its door) and as the journal shows it (its source). */
export interface Requester {
  door: Door;
  source: JobSource;
}

/**
 * One requester per allowed site and per token holder's address (the token proves it may print; its address only
 * tells the shop's tills apart), and one for all the rest together: made-up Origins, Hosts or addresses never make a
 * caller more requesters, more rate limits or more shares of the queue.
 */
export function requesterOf(protocol: 'epos' | 'webprnt', caller: DoorCaller): Requester {
  switch (caller.kind) {
    case 'site':
      return { door: `${protocol}:site:${caller.origin}`, source: { kind: protocol, label: caller.origin } };
    case 'token':
      return { door: `${protocol}:token:${caller.address}`, source: { kind: protocol, label: caller.address } };
    case 'anyone':
      return { door: unverifiedDoor(protocol), source: { kind: protocol, label: caller.address } };
  }
}
