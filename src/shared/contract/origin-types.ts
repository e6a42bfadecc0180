import { MAX_ORIGIN_CHARS, ORIGIN_PATTERN } from './settings';

/** A site whose page tried to open `/ws` before the owner said whether it may print (refused until then). */
export interface OriginRequest {
  origin: string;
  /** ms since 1970. */
  firstSeen: number;
  lastSeen: number;
  /** Connections refused while waiting for the answer. */
  attempts: number;
}

/** Which sites may print, as the window shows and changes them. */
export interface OriginsView {
  allowed: string[];
  denied: string[];
  /** Oldest first; at most MAX_PENDING_ORIGINS, so a hostile page cannot fill the window. */
  pending: OriginRequest[];
  /** The flag that fixed the allowed list for this run (`--allowed-origins`): nothing is asked then. */
  fixedBy: string | null;
}

export const MAX_PENDING_ORIGINS = 50;

/**
 * An origin exactly as a browser writes it: http(s), lower-case host, no default port, no path. Anything else (a
 * sandboxed page's `null`, an extension, a hand-made header) is refused without being offered to the owner.
 */
export function isCanonicalOrigin(text: string): boolean {
  if (text.length > MAX_ORIGIN_CHARS || !ORIGIN_PATTERN.test(text)) return false;
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}
