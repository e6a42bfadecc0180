/**
 * A request Ticketera refuses before sending it, because the service's rules say it would fail (or be billed for
 * nothing). Data only: the window and the CLI word each `rule` in the person's language.
 */
export type TranslationRule =
  | { rule: 'unknown-target-language'; targetLang: string; suggestions: string[] }
  | { rule: 'unknown-source-language'; sourceLang: string }
  | { rule: 'formality-not-supported'; targetLang: string }
  | { rule: 'glossary-needs-source-language'; glossaryId: string }
  | { rule: 'glossary-language-pair'; glossaryId: string; sourceLang: string; targetLang: string; glossaryPairs: string[] }
  | { rule: 'latency-optimized-conflict'; field: 'style_id' | 'custom_instructions' }
  | { rule: 'too-many-custom-instructions'; count: number; max: number }
  | { rule: 'custom-instruction-too-long'; index: number; length: number; max: number }
  | { rule: 'custom-instructions-language'; targetLang: string; allowed: string[] }
  | { rule: 'memory-threshold-range'; threshold: number }
  | { rule: 'memory-threshold-needs-memory' }
  | { rule: 'text-too-large'; index: number; bytes: number; maxBytes: number }
  | { rule: 'unsupported-document'; fileName: string; allowed: string[] };

export type TranslationRuleCode = TranslationRule['rule'];

export class TranslationRuleError extends Error {
  readonly detail: TranslationRule;

  constructor(detail: TranslationRule) {
    super(`translation refused before sending: ${detail.rule}`);
    this.name = 'TranslationRuleError';
    this.detail = detail;
  }

  get rule(): TranslationRuleCode {
    return this.detail.rule;
  }
}
