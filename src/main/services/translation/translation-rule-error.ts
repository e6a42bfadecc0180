import type { TranslationRuleBreak } from '../../../shared/contract/translation-types';

/**
 * A request Ticketera refuses before sending it, because the service's rules say it would fail (or be billed for
 * nothing). Data only: the window and the CLI word each `rule` in the person's language.
 */
export type TranslationRule = TranslationRuleBreak;

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
