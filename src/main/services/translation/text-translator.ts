import { translationCacheKey } from './cache-key';
import type { TranslationConnection } from './deepl-connection';
import type { GlossaryPairs } from './glossary-pairs';
import type { LanguageCatalog } from './language-catalog';
import { KEEP_TAG, hasProtectedParts, protectText, type Protection } from './protected-terms';
import { splitIntoBatches } from './request-batches';
import { checkGlossaryPair, checkLanguages, checkOptionRules } from './request-rules';
import { readTranslateAnswer } from './service-answers';
import { normalizedOptions, translateRequestBody, type TranslateOptions } from './translate-options';
import type { CachedTranslation, TranslationCache } from './translation-cache';

export interface TranslateRequest {
  texts: readonly string[];
  options: TranslateOptions;
  /** Placeholders are protected unless this says otherwise; brand names when listed. */
  protection?: Protection;
  /** Counts hits and billed characters under this name (the designer passes the template's name). */
  template?: string;
  signal?: AbortSignal;
}

export interface TranslatedText {
  text: string;
  detectedSourceLanguage: string;
  /** What the service billed for this text when it translated it; a cached text costs nothing again. */
  billedCharacters: number;
  modelTypeUsed?: string;
  tagHandlingVersion?: string;
  /** Answered from the cache: not sent, not billed. */
  cached: boolean;
}

export interface TranslationOutcome {
  /** In the order of the texts asked for. */
  translations: TranslatedText[];
  /** Billed by this call (cache hits excluded). */
  billedCharacters: number;
  cacheHits: number;
  /** Requests sent to the service (a large batch is split to respect the size limit). */
  requests: number;
  /** `X-Trace-ID` of each answer, for support. */
  traceIds: string[];
}

/** A translation at hand: from the cache, or just answered (then with the tag handling version the service used). */
type FoundTranslation = CachedTranslation & { tagHandlingVersion?: string };

export const DEFAULT_PROTECTION: Protection = { placeholders: true, terms: [] };

export interface TextTranslatorParts {
  connection: () => TranslationConnection;
  cache: TranslationCache;
  languages: LanguageCatalog;
  glossaries: GlossaryPairs;
}

/**
 * Translates a batch of texts: the spec's rules checked first, each text looked up in the cache (the same text with
 * the same options is never sent or billed twice), the rest sent once each, placeholders and brand names protected,
 * split into requests under the size limit, results put back in the order asked for.
 */
export class TextTranslator {
  constructor(private readonly parts: TextTranslatorParts) {}

  async translate(request: TranslateRequest): Promise<TranslationOutcome> {
    const options = normalizedOptions(request.options);
    const protection = request.protection ?? DEFAULT_PROTECTION;
    checkOptionRules(options);
    const keys = request.texts.map((text) => translationCacheKey(text, options, protection));
    const found = new Map<string, FoundTranslation>();
    const hitIndexes = new Set<number>();
    const missing = new Map<string, string>();
    request.texts.forEach((text, index) => {
      const key = keys[index]!;
      // A blank text (an empty table cell) is answered as it is, never sent.
      if (text.trim() === '') return;
      const cached = this.parts.cache.get(key);
      if (cached) {
        found.set(key, cached);
        hitIndexes.add(index);
      } else missing.set(key, text);
    });
    this.parts.cache.count(request.template ?? '', { hits: hitIndexes.size, sentTexts: 0, billedCharacters: 0 });
    let outcome = { billedCharacters: 0, requests: 0, traceIds: [] as string[] };
    if (missing.size > 0) {
      await this.checkAgainstService(options, request.signal);
      outcome = await this.send(missing, options, protection, request, found);
    }
    const translations = request.texts.map((text, index): TranslatedText => {
      const entry = found.get(keys[index]!);
      if (!entry) return { text, detectedSourceLanguage: options.sourceLang ?? '', billedCharacters: 0, cached: false };
      return { ...entry, cached: hitIndexes.has(index) };
    });
    return { translations, cacheHits: hitIndexes.size, ...outcome };
  }

  /** Rules that need the service's own lists: the languages it offers and the glossary's pairs. */
  private async checkAgainstService(options: TranslateOptions, signal: AbortSignal | undefined): Promise<void> {
    const lists = await this.parts.languages.lists({ signal });
    checkLanguages(options, lists);
    if (options.glossaryId !== undefined && options.sourceLang) {
      const pairs = await this.parts.glossaries.of(options.glossaryId, signal);
      checkGlossaryPair(options.glossaryId, options.sourceLang, options.targetLang, pairs);
    }
  }

  private async send(
    missing: Map<string, string>,
    options: TranslateOptions,
    protection: Protection,
    request: TranslateRequest,
    found: Map<string, FoundTranslation>,
  ): Promise<{ billedCharacters: number; requests: number; traceIds: string[] }> {
    const keys = [...missing.keys()];
    const plain = [...missing.values()];
    // Plain text with something to protect travels as XML; texts the caller marked up themselves are left alone.
    const asXml = options.tagHandling === undefined && plain.some((text) => hasProtectedParts(text, protection));
    const sendOptions: TranslateOptions = asXml ? { ...options, tagHandling: 'xml', ignoreTags: [...(options.ignoreTags ?? []), KEEP_TAG] } : options;
    const sent = asXml ? plain.map((text) => protectText(text, protection)) : plain;
    const batches = splitIntoBatches(sent, (texts) => translateRequestBody(texts, sendOptions));
    const connection = this.parts.connection();
    let billedCharacters = 0;
    const traceIds: string[] = [];
    let offset = 0;
    for (const batch of batches) {
      // Read inside the call: a large answer is read off this thread, its texts made plain there, within the attempt's time.
      const answer = await connection.run('interactive', request.signal, async (client, signal) =>
        readTranslateAnswer(await client.translateJson(translateRequestBody(batch, sendOptions)), { expected: batch.length, asXml }, signal),
      );
      if (answer.traceId) traceIds.push(answer.traceId);
      const results = answer.value;
      let batchBilled = 0;
      results.forEach((result, index) => {
        const key = keys[offset + index]!;
        const entry: CachedTranslation = {
          text: result.text,
          detectedSourceLanguage: result.detected_source_language,
          billedCharacters: result.billed_characters ?? 0,
          ...(result.model_type_used ? { modelTypeUsed: result.model_type_used } : {}),
        };
        batchBilled += entry.billedCharacters;
        // Kept as soon as it is paid for: a later batch failing must not lose (and re-bill) this one.
        this.parts.cache.put(key, { source: options.sourceLang, target: options.targetLang }, entry);
        found.set(key, { ...entry, ...(result.tag_handling_version ? { tagHandlingVersion: result.tag_handling_version } : {}) });
      });
      // Counted per batch: a later batch failing must not hide what this one cost.
      this.parts.cache.count(request.template ?? '', { hits: 0, sentTexts: batch.length, billedCharacters: batchBilled });
      billedCharacters += batchBilled;
      offset += batch.length;
    }
    return { billedCharacters, requests: batches.length, traceIds };
  }
}
