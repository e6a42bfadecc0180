import fs from 'node:fs';
import { readJsonObject, writePrivateJson } from '../files/private-json-file';
import { parseTokenHash, type TokenHash } from '../intake/token-hash';

/**
 * What `sessions.json` keeps so a restarted service still knows the signed-in browsers (issue 32): never a session
 * itself, only its SHA-256 (the file alone signs nobody in), with its expiry; and a scrypt hash of the token they
 * were signed in with, so sessions of a token changed while the service was stopped are not taken back.
 */
export interface StoredSessions {
  /** The token the sessions belong to, as the settings file keeps it (token-hash.ts). */
  witness: TokenHash;
  /** SHA-256 of each session (hex) → when it expires (ms since the epoch). */
  expiries: Map<string, number>;
}

export function readSessionFile(file: string): StoredSessions | undefined {
  // No file yet, or a damaged one: nobody is signed in, as after any first start.
  const record = readJsonObject(file);
  if (record === undefined) return undefined;
  const witness = parseTokenHash(record['witness']);
  const sessions = record['sessions'];
  if (witness === undefined || typeof sessions !== 'object' || sessions === null) return undefined;
  const expiries = new Map<string, number>();
  for (const [digest, expires] of Object.entries(sessions)) {
    if (/^[0-9a-f]{64}$/.test(digest) && typeof expires === 'number' && Number.isFinite(expires)) expiries.set(digest, expires);
  }
  return { witness, expiries };
}

/** Written whole and renamed into place, readable by this user only (like the settings file). */
export function writeSessionFile(file: string, stored: StoredSessions | undefined): void {
  if (stored === undefined || stored.expiries.size === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  writePrivateJson(file, { version: 1, witness: stored.witness, sessions: Object.fromEntries(stored.expiries) });
}
