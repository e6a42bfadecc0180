import { randomBytes } from 'node:crypto';

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'ticketera_session';

/**
 * The signed-in browsers. Kept by whoever restarts the service (the app host), so a restart for a settings change
 * does not sign the shop owner out; a new token ends them all (see `renew`).
 */
export class DashboardSessions {
  private readonly expiries = new Map<string, number>();

  /** A new session; answers the `Set-Cookie` value that carries it. */
  start(now = Date.now()): string {
    const session = randomBytes(32).toString('base64url');
    this.expiries.set(session, now + SESSION_TTL_MS);
    return sessionCookie(session, SESSION_TTL_MS / 1000);
  }

  isValid(session: string, now = Date.now()): boolean {
    const expires = this.expiries.get(session);
    if (expires === undefined) return false;
    if (expires >= now) return true;
    this.expiries.delete(session);
    return false;
  }

  /** Ends one session; answers the `Set-Cookie` value that clears it in the browser. */
  end(session: string | undefined): string {
    if (session !== undefined) this.expiries.delete(session);
    return sessionCookie('', 0);
  }

  /**
   * The token changed: every browser signed in with the old one must sign in again, except the one that changed it
   * (it has just shown it knows the service's token). Answers that browser's new cookie.
   */
  renew(now = Date.now()): string {
    this.endAll();
    return this.start(now);
  }

  endAll(): void {
    this.expiries.clear();
  }
}

function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}`;
}
