import { createHash, randomBytes } from 'node:crypto';
import { hashToken, tokenMatchesHash, type TokenHash } from '../intake/token-hash';
import type { TokenCheck } from '../intake/token-check';
import { readSessionFile, writeSessionFile } from './dashboard-session-file';

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'ticketera_session';

/**
 * The signed-in browsers. Kept by whoever restarts the service (the app host), so a restart for a settings change
 * does not sign the shop owner out; with a `file` (the data folder's sessions.json) they survive the service itself
 * stopping and starting again, so an open window is not signed out by a restart (issue 32). A new token ends them
 * all (see `renew`), also one changed while the service was stopped (`bindTo`).
 */
export class DashboardSessions {
  /** SHA-256 of each session → its expiry: what is kept is never enough to present a session. */
  private readonly expiries = new Map<string, number>();
  private witness: TokenHash | undefined;
  /** The token bound last: its scrypt hash (~70 ms) is made only when a session is to be kept, not at every start. */
  private token: TokenCheck | undefined;
  /** Set when the token changes: the sessions started from now on belong to the next token `bindTo` is told of. */
  private rebind = false;

  constructor(private readonly file?: string) {
    if (file === undefined) return;
    const stored = readSessionFile(file);
    if (stored === undefined) return;
    this.witness = stored.witness;
    for (const [digest, expires] of stored.expiries) this.expiries.set(digest, expires);
  }

  /**
   * The token the service starts with. Sessions signed in with another one (changed on the command line or in the
   * settings file while stopped) end here; after `renew`/`endAll` the sessions started since belong to this one.
   */
  bindTo(token: TokenCheck | undefined): void {
    if (this.file === undefined) return;
    if (token === undefined) {
      this.expiries.clear();
      this.witness = undefined;
    } else if (this.rebind || this.witness === undefined || !witnesses(this.witness, token)) {
      if (!this.rebind) this.expiries.clear();
      this.witness = undefined;
    }
    this.token = token;
    this.rebind = false;
    this.save();
  }

  /** A new session; answers the `Set-Cookie` value that carries it. */
  start(now = Date.now()): string {
    const session = randomBytes(32).toString('base64url');
    this.expiries.set(digestOf(session), now + SESSION_TTL_MS);
    this.save();
    return sessionCookie(session, SESSION_TTL_MS / 1000);
  }

  isValid(session: string, now = Date.now()): boolean {
    const digest = digestOf(session);
    const expires = this.expiries.get(digest);
    if (expires === undefined) return false;
    if (expires >= now) return true;
    this.expiries.delete(digest);
    this.save();
    return false;
  }

  /** Ends one session; answers the `Set-Cookie` value that clears it in the browser. */
  end(session: string | undefined): string {
    if (session !== undefined && this.expiries.delete(digestOf(session))) this.save();
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
    // Until the next token is bound, nothing is written: a crash then signs everybody out, as a new token should.
    this.witness = undefined;
    this.rebind = true;
    this.save();
  }

  private save(): void {
    if (this.file === undefined) return;
    const now = Date.now();
    for (const [digest, expires] of this.expiries) if (expires < now) this.expiries.delete(digest);
    if (this.witness === undefined && this.token !== undefined && this.expiries.size > 0 && !this.rebind) {
      this.witness = typeof this.token === 'string' ? hashToken(this.token) : this.token;
    }
    writeSessionFile(this.file, this.witness === undefined ? undefined : { witness: this.witness, expiries: this.expiries });
  }
}

/** Whether the sessions' token is the one configured now: the token itself checked, or the same saved hash. */
function witnesses(witness: TokenHash, token: TokenCheck): boolean {
  if (typeof token === 'string') return tokenMatchesHash(witness, token);
  return witness.salt === token.salt && witness.hash === token.hash;
}

function digestOf(session: string): string {
  return createHash('sha256').update(session, 'utf8').digest('hex');
}

function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}`;
}
