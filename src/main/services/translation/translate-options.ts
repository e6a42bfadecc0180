/** The values the service's interface names for its shared types (vendor OpenAPI, translation-service spec). */
export const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;
export type Formality = (typeof FORMALITIES)[number];
export const MODEL_TYPES = ['quality_optimized', 'prefer_quality_optimized', 'latency_optimized'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
export const SPLIT_SENTENCES = ['0', '1', 'nonewlines'] as const;
export type SplitSentences = (typeof SPLIT_SENTENCES)[number];
export type TagHandling = 'xml' | 'html';
export type TagHandlingVersion = 'v1' | 'v2';

/**
 * Every request field of `POST /v2/translate` except `text` (passed separately), `show_billed_characters` (always on:
 * Ticketera counts billed characters) and `enable_beta_languages` (deprecated, no effect).
 */
export interface TranslateOptions {
  targetLang: string;
  /** Absent: the service detects the language (not allowed with a glossary). */
  sourceLang?: string;
  context?: string;
  formality?: Formality;
  modelType?: ModelType;
  glossaryId?: string;
  styleId?: string;
  translationMemoryId?: string;
  translationMemoryThreshold?: number;
  customInstructions?: string[];
  tagHandling?: TagHandling;
  tagHandlingVersion?: TagHandlingVersion;
  splitSentences?: SplitSentences;
  preserveFormatting?: boolean;
  outlineDetection?: boolean;
  splittingTags?: string[];
  nonSplittingTags?: string[];
  ignoreTags?: string[];
}

/** Language codes as the service lists them (`EN-GB`), whatever case the caller typed. */
export function normalizedOptions(options: TranslateOptions): TranslateOptions {
  return {
    ...options,
    targetLang: options.targetLang.trim().toUpperCase(),
    ...(options.sourceLang ? { sourceLang: options.sourceLang.trim().toUpperCase() } : {}),
  };
}

/**
 * The JSON body (not form: `style_id`, `custom_instructions` and `tag_handling_version` exist in the JSON body only).
 */
export function translateRequestBody(texts: readonly string[], options: TranslateOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { text: texts, target_lang: options.targetLang, show_billed_characters: true };
  const fields: [string, unknown][] = [
    ['source_lang', options.sourceLang],
    ['context', options.context],
    ['formality', options.formality],
    ['model_type', options.modelType],
    ['glossary_id', options.glossaryId],
    ['style_id', options.styleId],
    ['translation_memory_id', options.translationMemoryId],
    ['translation_memory_threshold', options.translationMemoryThreshold],
    ['custom_instructions', options.customInstructions],
    ['tag_handling', options.tagHandling],
    ['tag_handling_version', options.tagHandlingVersion],
    ['split_sentences', options.splitSentences],
    ['preserve_formatting', options.preserveFormatting],
    ['outline_detection', options.outlineDetection],
    ['splitting_tags', options.splittingTags],
    ['non_splitting_tags', options.nonSplittingTags],
    ['ignore_tags', options.ignoreTags],
  ];
  for (const [name, value] of fields) if (value !== undefined) body[name] = value;
  return body;
}
