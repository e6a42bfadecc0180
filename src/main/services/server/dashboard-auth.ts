import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../app-api/request-guard';
import { AddressThrottle } from './address-throttle';
import { DashboardSessions, SESSION_COOKIE } from './dashboard-sessions';
import { tokenMatches, type TokenCheck } from '../intake/token-check';

export type LoginOutcome =
  | { ok: true; cookie: string }
  | { ok: false; reason: 'wrong-token' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * The dashboard's login: token → session cookie (HttpOnly, SameSite=Strict), with wrong tokens throttled per address
 * (the same count as the WebSocket's `auth_token`: one budget of guesses per address, whichever door it knocks on).
 */
export class DashboardAuth {
  constructor(
    private readonly token: TokenCheck | undefined,
    private readonly throttle: AddressThrottle = new AddressThrottle(),
    readonly sessions: DashboardSessions = new DashboardSessions(),
  ) {
    sessions.bindTo(token);
  }

  get required(): boolean {
    return this.token !== undefined;
  }

  isSignedIn(request: IncomingMessage, now = Date.now()): boolean {
    if (this.token === undefined) return true;
    const session = readCookie(request.headers.cookie, SESSION_COOKIE);
    return session !== undefined && this.sessions.isValid(session, now);
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
      return { ok: true, cookie: this.sessions.start(now) };
    }
    const lockMs = this.throttle.fail(address, now);
    return waitMs > 0 ? throttled(lockMs) : { ok: false, reason: 'wrong-token' };
  }

  logout(request: IncomingMessage): string {
    return this.sessions.end(readCookie(request.headers.cookie, SESSION_COOKIE));
  }
}

function throttled(waitMs: number): LoginOutcome {
  return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
