import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a presented token with the configured one in constant time. Both sides are hashed first so the
 * comparison never leaks the token's length either.
 */
export function tokenMatches(configured: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(configured), digest(presented));
}
