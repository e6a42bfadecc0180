import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP authentication as a TM-i answers it (Epson's SDP manual, "Digest Access Authentication"; the Basic scheme for
 * servers that ask for it): nothing is sent until the server challenges, then the challenge is answered and kept, so
 * later requests carry the answer at once (Digest with the next nonce count). RFC 7617 (Basic), RFC 7616 (Digest: MD5
 * and SHA-256, their -sess forms, qop=auth). The password never leaves this object except inside the hash or the
 * Basic header, and neither reaches a log: the caller remembers the password as a secret.
 */
export interface Credentials {
  user: string;
  password: string;
}

export interface Challenge {
  scheme: 'basic' | 'digest';
  params: Record<string, string>;
}

export class HttpAuthenticator {
  private challenge: Challenge | undefined;
  private nonceCount = 0;

  constructor(private readonly credentials: Credentials | undefined) {}

  get canAnswer(): boolean {
    return this.credentials !== undefined;
  }

  /** The Authorization header for a request, once a challenge is known. */
  header(method: string, url: URL): string | undefined {
    if (!this.credentials || !this.challenge) return undefined;
    if (this.challenge.scheme === 'basic') return `Basic ${Buffer.from(`${this.credentials.user}:${this.credentials.password}`).toString('base64')}`;
    return this.digest(method, url, this.challenge.params);
  }

  /**
   * Takes a 401's `WWW-Authenticate`. False when answering again cannot help: no credentials, no scheme we speak, or
   * the same challenge our answer was just refused under (wrong password) — a `stale` nonce is worth one more try.
   */
  accept(wwwAuthenticate: string | null): boolean {
    if (!this.credentials || !wwwAuthenticate) return false;
    const next = pickChallenge(wwwAuthenticate);
    if (!next) return false;
    const previous = this.challenge;
    const repeated = previous !== undefined && previous.scheme === next.scheme && previous.params['nonce'] === next.params['nonce'];
    if (repeated && next.params['stale']?.toLowerCase() !== 'true') return false;
    this.challenge = next;
    this.nonceCount = 0;
    return true;
  }

  private digest(method: string, url: URL, params: Record<string, string>): string {
    const { user, password } = this.credentials as Credentials;
    const algorithm = (params['algorithm'] ?? 'MD5').toUpperCase();
    const hash = (text: string): string => createHash(algorithm.startsWith('SHA-256') ? 'sha256' : 'md5').update(text).digest('hex');
    const realm = params['realm'] ?? '';
    const nonce = params['nonce'] ?? '';
    const uri = `${url.pathname}${url.search}`;
    const cnonce = randomBytes(8).toString('hex');
    const nc = (++this.nonceCount).toString(16).padStart(8, '0');
    let ha1 = hash(`${user}:${realm}:${password}`);
    if (algorithm.endsWith('-SESS')) ha1 = hash(`${ha1}:${nonce}:${cnonce}`);
    const ha2 = hash(`${method}:${uri}`);
    const qops = (params['qop'] ?? '').split(',').map((qop) => qop.trim());
    const withQop = qops.includes('auth');
    const response = withQop ? hash(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : hash(`${ha1}:${nonce}:${ha2}`);
    const fields = [
      `username="${quoted(user)}"`,
      `realm="${quoted(realm)}"`,
      `nonce="${quoted(nonce)}"`,
      `uri="${quoted(uri)}"`,
      `algorithm=${params['algorithm'] ?? 'MD5'}`,
      `response="${response}"`,
      ...(params['opaque'] !== undefined ? [`opaque="${quoted(params['opaque'])}"`] : []),
      ...(withQop ? [`qop=auth`, `nc=${nc}`, `cnonce="${cnonce}"`] : []),
    ];
    return `Digest ${fields.join(', ')}`;
  }
}

const quoted = (text: string): string => text.replace(/["\\]/g, (char) => `\\${char}`);

/** Digest when offered (it never sends the password), else Basic; undefined when neither is. */
export function pickChallenge(header: string): Challenge | undefined {
  const challenges = parseChallenges(header);
  return challenges.find((one) => one.scheme === 'digest') ?? challenges.find((one) => one.scheme === 'basic');
}

/** `Digest realm="a", nonce="b", Basic realm="c"`: schemes and their parameters, in one pass over the header. */
function parseChallenges(header: string): Challenge[] {
  const found: Challenge[] = [];
  let current: { scheme: string; params: Record<string, string> } | undefined;
  let at = 0;
  while (at < header.length) {
    while (at < header.length && (header[at] === ',' || header[at] === ' ' || header[at] === '\t')) at++;
    const start = at;
    while (at < header.length && /[A-Za-z0-9_!#$%&'*+.^`|~-]/.test(header[at] as string)) at++;
    const token = header.slice(start, at);
    if (token === '') {
      at++;
      continue;
    }
    while (header[at] === ' ') at++;
    if (header[at] !== '=') {
      current = { scheme: token.toLowerCase(), params: {} };
      if (current.scheme === 'basic' || current.scheme === 'digest') found.push(current as Challenge);
      continue;
    }
    at++;
    while (header[at] === ' ') at++;
    let value = '';
    if (header[at] === '"') {
      at++;
      while (at < header.length && header[at] !== '"') {
        if (header[at] === '\\') at++;
        value += header[at] ?? '';
        at++;
      }
      at++;
    } else {
      const from = at;
      while (at < header.length && header[at] !== ',') at++;
      value = header.slice(from, at).trim();
    }
    if (current) current.params[token.toLowerCase()] = value;
  }
  return found;
}
