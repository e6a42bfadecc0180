/**
 * The one place text that came from an outside service (error messages, trace IDs, field values, `error_message`,
 * echoed headers) is made safe before it is shown, logged or stored: every configured key is removed in any form a
 * server may echo it — as is, in any letter case, percent-encoded (either hex case, `+` for a space), JSON-escaped
 * (`\u0061`, `\/`), hex, base64 or base64url (at any byte offset) — control characters become spaces, and the text is
 * capped. Linear: indexOf and single-character patterns only, nothing that backtracks, so a hostile server cannot
 * make it slow.
 */

export const REDACTED = '[redacted]';
/** Longer outside text is cut (with an ellipsis): nobody reads more of a trace ID or a service's message. */
export const MAX_OUTSIDE_TEXT_LENGTH = 300;
/**
 * Keys this short cannot be redacted meaningfully in their encoded forms: the base64 or hex core of a 5-character key
 * is a few characters found in ordinary text. Below it a key is removed as is and percent/JSON-decoded (any letter
 * case) only. No service issues keys that short.
 */
export const MIN_ENCODED_SECRET_LENGTH = 8;
/**
 * Below this a "key" is not looked for at all: removing every "ab" would make each message and log line unreadable,
 * and a key of one to three characters protects nothing anyway (it is guessed in a few thousand tries).
 */
export const MIN_SECRET_LENGTH = 4;
const ELLIPSIS = '…';
/** The longest form one character of a key can take in the text (`\u0061`). */
const LONGEST_ESCAPE = 6;

const configured = new Set<string>();

/**
 * Every key in force in this process (added when access is resolved or a client is given one), so redaction in
 * places that do not know which service the text came from (an error's trace ID, a log line) still removes it.
 */
export function rememberSecrets(values: Iterable<string | undefined>): void {
  for (const value of values) {
    if (!value) continue;
    configured.add(value);
    const trimmed = value.trim();
    if (trimmed) configured.add(trimmed);
  }
}

export function knownSecrets(): string[] {
  return [...configured];
}

export interface RedactOptions {
  /** Keys besides the remembered ones (a worker thread gets them this way). */
  secrets?: readonly string[];
  /** Longest text kept, the ellipsis included; `Infinity` for a whole log line. */
  maxLength?: number;
  /** For a message of Ticketera's own that quotes outside text already made safe: its line breaks and tabs stay. */
  keepLineBreaks?: boolean;
}

/** Outside text made safe to show, log or store (see the module comment). */
export function redactOutsideText(text: string, options: RedactOptions = {}): string {
  const maxLength = Math.max(1, options.maxLength ?? MAX_OUTSIDE_TEXT_LENGTH);
  const secrets = [...new Set([...configured, ...(options.secrets ?? [])])].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const margin = LONGEST_ESCAPE * Math.max(0, ...secrets.map((secret) => secret.length));
  // Only the start is kept, so only the start is scanned: a key cut by this slice is dropped with the tail below.
  const cut = text.length > maxLength + 2 * margin;
  const scanned = cut ? text.slice(0, maxLength + 2 * margin) : text;
  const decoded = decode(scanned);
  const ranges: Range[] = [];
  for (const secret of secrets) findForms(decoded, patternsOf(secret), ranges);
  const kept = replaceRanges(scanned, ranges, cut ? scanned.length - margin : scanned.length);
  return capped(withoutControls(kept, options.keepLineBreaks ?? false), maxLength, cut);
}

/** A field value quoted in an error ("is \"…\", expected a number"): redacted before it is cut, so no part of a key stays. */
export const quotedOutsideValue = (value: string, maxLength = 40): string => `"${redactOutsideText(value, { maxLength })}"`;

interface Range {
  start: number;
  end: number;
}

/** The text with `%XX` and JSON escapes decoded; `starts`/`ends` map each decoded character back to the original. */
interface Decoded {
  raw: string;
  /** `raw` in lower case (ASCII) with `+` read as a space, as a query string does. */
  folded: string;
  /** Undefined when nothing was decoded: then positions are the same in both. */
  starts?: number[];
  ends?: number[];
}

const JSON_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function decode(text: string): Decoded {
  if (!text.includes('%') && !text.includes('\\')) return { raw: text, folded: fold(text) };
  const raw: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < text.length; ) {
    const [char, length] = escapeAt(text, index);
    raw.push(char);
    starts.push(index);
    ends.push(index + length);
    index += length;
  }
  const joined = raw.join('');
  return { raw: joined, folded: fold(joined), starts, ends };
}

function escapeAt(text: string, index: number): [string, number] {
  const char = text[index]!;
  if (char === '%' && isHex(text, index + 1, 2)) return [String.fromCharCode(parseInt(text.slice(index + 1, index + 3), 16)), 3];
  if (char === '\\') {
    const next = text[index + 1];
    if (next === 'u' && isHex(text, index + 2, 4)) return [String.fromCharCode(parseInt(text.slice(index + 2, index + 6), 16)), 6];
    const escaped = next === undefined ? undefined : JSON_ESCAPES[next];
    if (escaped !== undefined) return [escaped, 2];
  }
  return [char, 1];
}

function isHex(text: string, from: number, count: number): boolean {
  if (from + count > text.length) return false;
  for (let index = from; index < from + count; index++) {
    const code = text.charCodeAt(index) | 0x20;
    if (!((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66))) return false;
  }
  return true;
}

/** ASCII lower case (one character for one, so positions stay), `+` as a space. */
function fold(text: string): string {
  return text.replace(/[A-Z+]/g, (char) => (char === '+' ? ' ' : char.toLowerCase()));
}

/** How one key can look: searched case-insensitively in the decoded text, and exactly (base64 is case-sensitive). */
interface Patterns {
  folded: string[];
  exact: string[];
}

const patternCache = new Map<string, Patterns>();

function patternsOf(secret: string): Patterns {
  const cached = patternCache.get(secret);
  if (cached) return cached;
  const bytes = Buffer.from(secret, 'utf8');
  if (secret.length < MIN_ENCODED_SECRET_LENGTH) return { folded: [fold(secret)], exact: [] };
  const exact: string[] = [];
  // The same key encoded after 0, 1 or 2 other bytes gives three cores; the characters at its edges also carry
  // neighbouring bits, so only the characters that depend on the key alone are looked for.
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
    exact.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  const patterns = { folded: [fold(secret), bytes.toString('hex')], exact: [...new Set(exact)] };
  patternCache.set(secret, patterns);
  return patterns;
}

function findForms(decoded: Decoded, patterns: Patterns, ranges: Range[]): void {
  const find = (haystack: string, needle: string): void => {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const last = at + needle.length - 1;
      ranges.push({ start: decoded.starts ? decoded.starts[at]! : at, end: decoded.ends ? decoded.ends[last]! : last + 1 });
    }
  };
  for (const needle of patterns.folded) find(decoded.folded, needle);
  for (const needle of patterns.exact) find(decoded.raw, needle);
}

/** The text up to `keepUpTo` with every range replaced by one marker (overlapping ranges merged). */
function replaceRanges(text: string, ranges: Range[], keepUpTo: number): string {
  ranges.sort((a, b) => a.start - b.start);
  let result = '';
  let position = 0;
  for (const range of ranges) {
    if (range.start >= keepUpTo) break;
    if (range.end <= position) continue;
    if (range.start >= position) result += `${text.slice(position, range.start)}${REDACTED}`;
    position = range.end;
  }
  return position < keepUpTo ? result + text.slice(position, keepUpTo) : result;
}

/** C0/C1 controls and bidirectional overrides: a text must not move the cursor or reorder what a person reads. */
function withoutControls(text: string, keepLineBreaks: boolean): string {
  const parts: string[] = [];
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const kept = keepLineBreaks && (code === 0x0a || code === 0x09);
    const control = (code < 0x20 && !kept) || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
    if (!control) continue;
    parts.push(text.slice(from, index), ' ');
    from = index + 1;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

function capped(text: string, maxLength: number, cut: boolean): string {
  if (!cut && text.length <= maxLength) return text;
  let end = Math.min(text.length, maxLength - 1);
  // Never half of a surrogate pair.
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}
