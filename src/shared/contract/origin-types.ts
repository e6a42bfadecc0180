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

/** `https://`, `http://` or any other scheme written before the name. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/**
 * A host a site can have: a name (IDNs as `xn--`), an IPv4 address or a bracketed IPv6 one. Checked here because
 * Chromium's URL parser takes `tpv 2.es` as the host `tpv%202.es`.
 */
const SITE_HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$|^\[[0-9a-f:.]+\]$/;

/**
 * The site the owner typed, as the origin a browser sends (`Tpv2.CafeOle.es` → `https://tpv2.cafeole.es`): a bare
 * name is taken as https, the way a POS on the web is served; `http://localhost:5173` keeps its scheme and port. A
 * path, a query, a user name or another scheme makes it not a site (undefined): a typo such as `https//tpv.es` must
 * not quietly become some other site.
 */
export function originOfTyped(text: string): string | undefined {
  const typed = text.trim();
  // `?` or `#` with nothing after leaves the URL's search and hash empty: still more than a site.
  if (typed === '' || /[?#@]/.test(typed)) return undefined;
  try {
    const url = new URL(HAS_SCHEME.test(typed) ? typed : `https://${typed}`);
    if (url.pathname !== '/' || !SITE_HOST.test(url.hostname)) return undefined;
    return isCanonicalOrigin(url.origin) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
