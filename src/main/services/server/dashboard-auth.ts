import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../app-api/request-guard';
import { AddressThrottle } from './address-throttle';
import { tokenMatches } from './token-check';

const SESSION_COOKIE = 'ticketera_session';
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type LoginOutcome =
  | { ok: true; cookie: string }
  | { ok: false; reason: 'wrong-token' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * The dashboard's login: token → session cookie (HttpOnly, SameSite=Strict), with wrong tokens throttled per address
 * (the same count as the WebSocket's `auth_token`: one budget of guesses per address, whichever door it knocks on).
 */
export class DashboardAuth {
  private readonly sessions = new Map<string, number>();

  constructor(
    private readonly token: string | undefined,
    private readonly throttle: AddressThrottle = new AddressThrottle(),
  ) {}

  get required(): boolean {
    return this.token !== undefined;
  }

  isSignedIn(request: IncomingMessage, now = Date.now()): boolean {
    if (this.token === undefined) return true;
    const session = readCookie(request.headers.cookie, SESSION_COOKIE);
    const expires = session === undefined ? undefined : this.sessions.get(session);
    if (expires === undefined || session === undefined) return false;
    if (expires < now) {
      this.sessions.delete(session);
      return false;
    }
    return true;
  }

  /**
   * While an address waits, its attempts are refused without looking at the token, so the wait really slows
   * guessing. Except from this computer itself (loopback): there the right token always signs in, because an
   * attacker on the same address (a program, or a page the cashier's browser opened) must not lock the cashier out,
   * and whatever runs on this computer can read the token anyway (the command line, the settings). Wrong tokens
   * from loopback are still counted and answered 429 while it waits.
   */
  login(presented: string, address: string, now = Date.now()): LoginOutcome {
    const waitMs = this.throttle.lockedFor(address, now);
    if (waitMs > 0 && !isLoopback(address)) return throttled(waitMs);
    if (this.token !== undefined && tokenMatches(this.token, presented)) {
      // A right token resets nothing: the next wrong one from this address still waits.
      const session = randomBytes(32).toString('base64url');
      this.sessions.set(session, now + SESSION_TTL_MS);
      return { ok: true, cookie: sessionCookie(session, SESSION_TTL_MS / 1000) };
    }
    const lockMs = this.throttle.fail(address, now);
    return waitMs > 0 ? throttled(lockMs) : { ok: false, reason: 'wrong-token' };
  }

  logout(request: IncomingMessage): string {
    const session = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (session !== undefined) this.sessions.delete(session);
    return sessionCookie('', 0);
  }
}

function throttled(waitMs: number): LoginOutcome {
  return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
