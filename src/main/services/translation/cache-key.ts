import { createHash } from 'node:crypto';
import type { Protection } from './protected-terms';
import type { TranslateOptions } from './translate-options';

/** JSON with object keys sorted at every level and undefined left out: equal meaning, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The cache identity of one translation: the text, both languages and every option that can change the output
 * (glossary, style, memory, formality, instructions, tags, the protected terms…), hashed. Options are expected
 * normalized (upper-case language codes) so `de` and `DE` share an entry.
 */
export function translationCacheKey(text: string, options: TranslateOptions, protection: Protection): string {
  const identity = canonicalJson({
    text,
    options: { ...options, sourceLang: options.sourceLang ?? null },
    protection: { placeholders: protection.placeholders, terms: [...new Set(protection.terms)].sort() },
  });
  return createHash('sha256').update(identity).digest('hex');
}
