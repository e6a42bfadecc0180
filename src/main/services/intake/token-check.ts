import { createHash, timingSafeEqual } from 'node:crypto';
import { tokenMatchesHash, type TokenHash } from './token-hash';

/**
 * What the service checks `auth_token` and the dashboard login against: the token itself (command line,
 * environment, keychain, or set in this run) or only its salted hash (after a restart without a keychain).
 */
export type TokenCheck = string | TokenHash;

/**
 * Compares a presented token with the configured one in constant time. Both sides are hashed first so the
 * comparison never leaks the token's length either.
 */
export function tokenMatches(configured: TokenCheck, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  if (typeof configured !== 'string') return tokenMatchesHash(configured, presented);
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(configured), digest(presented));
}
