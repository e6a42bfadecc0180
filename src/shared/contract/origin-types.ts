import { MAX_ORIGIN_CHARS, ORIGIN_PATTERN } from './settings';

/** A site whose page tried to open `/ws` before the owner said whether it may print (refused until then). */
export interface OriginRequest {
  origin: string;
  /** ms since 1970. */
  firstSeen: number;
  lastSeen: number;
  /** Connections refused while waiting for the answer. */
  attempts: number;
  /** The domain the owner may refuse with all its subdomains when answering this site, or null (see parentDomainOf). */
  domain: string | null;
}

/** Which sites may print, as the window shows and changes them. */
export interface OriginsView {
  allowed: string[];
  denied: string[];
  /** Domains refused with all their subdomains (`example.com` refuses `https://a.example.com:8443` too). */
  deniedDomains: string[];
  /**
   * Oldest first; at most MAX_PENDING_ORIGINS. The first ones stay: a page making up sites is refused without a
   * question once the list is full, instead of pushing out the owner's POS that asked before it.
   */
  pending: OriginRequest[];
  /** New sites refused without asking since the service started, because too many asked at once (see QUESTION_BUDGET). */
  notAsked: number;
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
