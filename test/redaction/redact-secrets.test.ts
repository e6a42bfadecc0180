import { describe, expect, it } from 'vitest';
import { MAX_OUTSIDE_TEXT_LENGTH, REDACTED, redactOutsideText } from '../../src/main/services/http/redact-secrets';
import { keyForms } from './key-forms';

const KEY = 'Tk7-campus:Key/+9f2c41';
const redact = (text: string, maxLength?: number): string => redactOutsideText(text, { secrets: [KEY], ...(maxLength ? { maxLength } : {}) });

describe('redactOutsideText: every form a server may echo a key in', () => {
  it('removes the key as is, in any letter case, percent-encoded (either hex case, + for space), JSON-escaped, hex, base64 and base64url', () => {
    for (const [name, form] of Object.entries(keyForms(KEY))) {
      const redacted = redact(`trace-${form}-end`);
      expect(redacted, name).not.toContain(form);
      expect(redacted, name).toContain(REDACTED);
      expect(redacted.toLowerCase(), name).not.toContain(KEY.toLowerCase());
    }
  });

  it('removes it inside JSON and form bodies and wherever it sits in a longer base64 text', () => {
    expect(redact(JSON.stringify({ message: `Invalid key ${KEY}` }))).toBe(`{"message":"Invalid key ${REDACTED}"}`);
    expect(redact(new URLSearchParams({ auth_key: KEY, text: 'Hola' }).toString())).toBe(`auth_key=${REDACTED}&text=Hola`);
    for (const prefix of ['', 'a', 'ab', 'Bearer ', 'Basic user:']) {
      const encoded = Buffer.from(`${prefix}${KEY}`).toString('base64');
      const redacted = redact(encoded);
      expect(redacted, prefix).toContain(REDACTED);
      // What is left is at most the few characters at the key's edges, which also carry the neighbours' bits.
      expect(redacted.replace(REDACTED, '').length, prefix).toBeLessThanOrEqual(Math.ceil((prefix.length * 4) / 3) + 4);
    }
  });

  it('caps long text with an ellipsis, and never leaves part of a key at the cut', () => {
    const long = redact('x'.repeat(5_000));
    expect(long).toHaveLength(MAX_OUTSIDE_TEXT_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    for (let at = 250; at < 320; at += 3) {
      const text = `${'y'.repeat(at)}${KEY}${'z'.repeat(400)}`;
      const shown = redact(text);
      expect(shown.length).toBeLessThanOrEqual(MAX_OUTSIDE_TEXT_LENGTH);
      for (let size = 6; size <= KEY.length; size++) expect(shown, `at ${at}`).not.toContain(KEY.slice(0, size));
    }
    expect(redact('short text')).toBe('short text');
    // Already safe text stays as it is.
    expect(redact(long)).toBe(long);
  });

  it('turns control characters into spaces, so a message cannot move the cursor or forge a log line', () => {
    expect(redact('bad\n2025-01-01 forged line\u001b[31m red\u202e')).toBe('bad 2025-01-01 forged line [31m red ');
  });

  it('removes keys of 4 to 7 characters as is and decoded only, and leaves shorter ones alone', () => {
    expect(redactOutsideText('key abc123 is banned; ABC%31%323 too', { secrets: ['abc123'] })).toBe(`key ${REDACTED} is banned; ${REDACTED} too`);
    // Their base64 core would be a few characters found in any text.
    expect(redactOutsideText(Buffer.from('abc123').toString('base64'), { secrets: ['abc123'] })).toBe('YWJjMTIz');
    expect(redactOutsideText('about a cab', { secrets: ['ab'] })).toBe('about a cab');
  });

  it('is linear: a 1 MiB hostile text (escapes everywhere, the key over and over) takes milliseconds', () => {
    for (const text of ['%4'.repeat(512 * 1024), '\\u00'.repeat(256 * 1024), `${KEY.slice(0, -1)}`.repeat(50_000), 'a('.repeat(512 * 1024)]) {
      const started = performance.now();
      redactOutsideText(text, { secrets: [KEY], maxLength: Number.POSITIVE_INFINITY });
      redactOutsideText(text, { secrets: [KEY] });
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});
