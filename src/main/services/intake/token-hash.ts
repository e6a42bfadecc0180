import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * What the settings file keeps to check the access token across restarts without the token itself (issue 24): a
 * scrypt hash with a random salt. Without a keychain (`serve`, CI) this is all that is saved, so protection survives
 * a restart; with one it is saved too, so a keychain that loses the secret does not lose protection either.
 *
 * Parameters: N = 2^15, r = 8, p = 1 (32 MiB, ~70 ms on a shop PC), 16-byte salt, 32-byte key. They are stored
 * with the hash, so a later version can raise them and still verify hashes written before.
 */
export interface TokenHash {
  scheme: 'scrypt';
  N: number;
  r: number;
  p: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

export const TOKEN_SCRYPT = { N: 2 ** 15, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;
/** Node refuses scrypt above 32 MiB by default; N·r·128 is exactly that, plus scrypt's own working memory. */
const MAX_MEMORY = 64 * 1024 * 1024;
/** Refuse parameters a damaged or hand-edited file could use to make every check take seconds or gigabytes. */
const MAX_N = 2 ** 17;

export function hashToken(token: string): TokenHash {
  const salt = randomBytes(TOKEN_SCRYPT.saltBytes);
  const { N, r, p } = TOKEN_SCRYPT;
  const hash = scryptSync(token, salt, TOKEN_SCRYPT.keyBytes, { N, r, p, maxmem: MAX_MEMORY });
  return { scheme: 'scrypt', N, r, p, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** A stored value is used only when every field is sane; anything else is "unreadable" (protection lost). */
export function parseTokenHash(value: unknown): TokenHash | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { scheme, N, r, p, salt, hash } = record;
  if (scheme !== 'scrypt' || typeof salt !== 'string' || typeof hash !== 'string') return undefined;
  if (!isInt(N) || N < 2 ** 10 || N > MAX_N || (N & (N - 1)) !== 0 || !isInt(r) || r < 1 || r > 16 || !isInt(p) || p < 1 || p > 4) {
    return undefined;
  }
  if (Buffer.from(salt, 'base64').length < 16 || Buffer.from(hash, 'base64').length !== TOKEN_SCRYPT.keyBytes) return undefined;
  return { scheme, N, r, p, salt, hash };
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * Tokens already verified against a hash, as their SHA-256 (memory only): a POS sends its token with every
 * ticket, and 70 ms of scrypt per ticket would slow the thread that acknowledges them. Wrong tokens are never
 * cached and stay throttled per address (AddressThrottle).
 */
const verified = new Map<string, Buffer>();

export function tokenMatchesHash(stored: TokenHash, presented: string): boolean {
  const fast = createHash('sha256').update(presented, 'utf8').digest();
  const known = verified.get(stored.hash);
  if (known && timingSafeEqual(known, fast)) return true;
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = scryptSync(presented, Buffer.from(stored.salt, 'base64'), expected.length, {
    N: stored.N,
    r: stored.r,
    p: stored.p,
    maxmem: MAX_MEMORY * 4,
  });
  const ok = timingSafeEqual(expected, actual);
  if (ok) {
    // One entry per hash; a token change brings a new salt and hash, so the old entry is dropped.
    verified.clear();
    verified.set(stored.hash, fast);
  }
  return ok;
}
