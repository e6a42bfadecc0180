import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { tokenMatches } from './token-check';

const SESSION_COOKIE = 'ticketera_session';
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Wrong tokens allowed from one address before it must wait; the wait then doubles with each failure. */
const FREE_ATTEMPTS = 5;
const BASE_LOCK_MS = 1_000;
const MAX_LOCK_MS = 5 * 60 * 1000;

export type LoginOutcome =
  | { ok: true; cookie: string }
  | { ok: false; reason: 'wrong-token' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** The dashboard's login: token → session cookie (HttpOnly, SameSite=Strict), with wrong tokens throttled per address. */
export class DashboardAuth {
  private readonly sessions = new Map<string, number>();
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(private readonly token: string | undefined) {}

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

  login(presented: string, address: string, now = Date.now()): LoginOutcome {
    const record = this.failures.get(address);
    if (record && record.lockedUntil > now) {
      return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil((record.lockedUntil - now) / 1000) };
    }
    if (this.token === undefined || !tokenMatches(this.token, presented)) {
      const count = (record?.count ?? 0) + 1;
      const lockMs = count > FREE_ATTEMPTS ? Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (count - FREE_ATTEMPTS - 1)) : 0;
      this.failures.set(address, { count, lockedUntil: now + lockMs });
      return { ok: false, reason: 'wrong-token' };
    }
    this.failures.delete(address);
    const session = randomBytes(32).toString('base64url');
    this.sessions.set(session, now + SESSION_TTL_MS);
    return { ok: true, cookie: sessionCookie(session, SESSION_TTL_MS / 1000) };
  }

  logout(request: IncomingMessage): string {
    const session = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (session !== undefined) this.sessions.delete(session);
    return sessionCookie('', 0);
  }
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
