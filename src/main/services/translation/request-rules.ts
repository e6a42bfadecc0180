import type { LanguageLists } from './language-catalog';
import type { TranslateOptions } from './translate-options';
import { TranslationRuleError } from './translation-rule-error';

export const MAX_CUSTOM_INSTRUCTIONS = 10;
export const MAX_CUSTOM_INSTRUCTION_LENGTH = 300;
/** The spec's list; variants (`EN-GB`, `ZH-HANS`) count as their language. */
export const CUSTOM_INSTRUCTION_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh'];

/** `EN-GB` → `en`: glossaries and custom instructions work per language, whatever the variant. */
export const baseLanguage = (code: string): string => code.split('-')[0]!.toLowerCase();

/** The rules of the spec that need nothing from the service; each failure is its own typed error. */
export function checkOptionRules(options: TranslateOptions): void {
  const latency = options.modelType === 'latency_optimized';
  if (options.styleId !== undefined && latency) throw new TranslationRuleError({ rule: 'latency-optimized-conflict', field: 'style_id' });
  const instructions = options.customInstructions;
  if (instructions !== undefined && instructions.length > 0) {
    if (latency) throw new TranslationRuleError({ rule: 'latency-optimized-conflict', field: 'custom_instructions' });
    if (instructions.length > MAX_CUSTOM_INSTRUCTIONS) {
      throw new TranslationRuleError({ rule: 'too-many-custom-instructions', count: instructions.length, max: MAX_CUSTOM_INSTRUCTIONS });
    }
    instructions.forEach((instruction, index) => {
      const length = [...instruction].length;
      if (length > MAX_CUSTOM_INSTRUCTION_LENGTH) {
        throw new TranslationRuleError({ rule: 'custom-instruction-too-long', index, length, max: MAX_CUSTOM_INSTRUCTION_LENGTH });
      }
    });
    if (!CUSTOM_INSTRUCTION_LANGUAGES.includes(baseLanguage(options.targetLang))) {
      throw new TranslationRuleError({ rule: 'custom-instructions-language', targetLang: options.targetLang, allowed: CUSTOM_INSTRUCTION_LANGUAGES });
    }
  }
  if (options.glossaryId !== undefined && !options.sourceLang) {
    throw new TranslationRuleError({ rule: 'glossary-needs-source-language', glossaryId: options.glossaryId });
  }
  const threshold = options.translationMemoryThreshold;
  if (threshold !== undefined) {
    if (!Number.isInteger(threshold) || threshold < 0 || threshold > 100) throw new TranslationRuleError({ rule: 'memory-threshold-range', threshold });
    if (options.translationMemoryId === undefined) throw new TranslationRuleError({ rule: 'memory-threshold-needs-memory' });
  }
}

/** A glossary applies when it holds a dictionary for the request's pair (variants count as their language). */
export function checkGlossaryPair(glossaryId: string, sourceLang: string, targetLang: string, pairs: { source: string; target: string }[]): void {
  const wanted = { source: baseLanguage(sourceLang), target: baseLanguage(targetLang) };
  const matches = pairs.some((pair) => baseLanguage(pair.source) === wanted.source && baseLanguage(pair.target) === wanted.target);
  if (!matches) {
    throw new TranslationRuleError({
      rule: 'glossary-language-pair',
      glossaryId,
      sourceLang,
      targetLang,
      glossaryPairs: pairs.map((pair) => `${pair.source.toUpperCase()}→${pair.target.toUpperCase()}`),
    });
  }
}

/** The languages must be among those the service lists; strict formality only where the target supports it. */
export function checkLanguages(options: Pick<TranslateOptions, 'targetLang' | 'sourceLang' | 'formality'>, lists: LanguageLists): void {
  const target = lists.target.find((language) => language.code === options.targetLang);
  if (!target) {
    const base = baseLanguage(options.targetLang);
    const suggestions = lists.target.filter((language) => baseLanguage(language.code) === base).map((language) => language.code);
    throw new TranslationRuleError({ rule: 'unknown-target-language', targetLang: options.targetLang, suggestions });
  }
  if (options.sourceLang && !lists.source.some((language) => language.code === options.sourceLang)) {
    throw new TranslationRuleError({ rule: 'unknown-source-language', sourceLang: options.sourceLang });
  }
  const strictFormality = options.formality === 'more' || options.formality === 'less';
  if (strictFormality && target.supportsFormality === false) {
    throw new TranslationRuleError({ rule: 'formality-not-supported', targetLang: options.targetLang });
  }
}
