import type { ServiceFailureKind } from '../../../../shared/contract/service-failure';
import type { TranslationFailure, TranslationRuleBreak } from '../../../../shared/contract/translation-types';
import type { TextKey } from '../../i18n';

type Say = (key: TextKey, values?: Record<string, string | number>) => string;

const KIND_TEXT: Record<ServiceFailureKind, TextKey> = {
  'key-missing': 'trFailure_keyMissing',
  'key-rejected': 'trFailure_keyRejected',
  'quota-exceeded': 'trFailure_quota',
  'too-many-requests': 'trFailure_busy',
  'too-large': 'trFailure_tooLarge',
  'uri-too-long': 'trFailure_tooLarge',
  'bad-request': 'trFailure_badRequest',
  'not-found': 'trFailure_notFound',
  server: 'trFailure_server',
  timeout: 'trFailure_timeout',
  refused: 'trFailure_refused',
  network: 'trFailure_network',
  'bad-response': 'trFailure_badResponse',
  'answer-too-large': 'trFailure_answerTooLarge',
  cancelled: 'trFailure_cancelled',
};

export interface FailureText {
  message: string;
  /** The service's own words (its language, not the window's): shown apart, as what it said. */
  serviceMessage?: string;
  traceId?: string;
}

/** A translation failure in the window's language; `name` names a language code. */
export function failureText(failure: TranslationFailure, say: Say, name: (code: string) => string, formatBytes: (bytes: number) => string): FailureText {
  switch (failure.reason) {
    case 'service':
      return {
        message: say(KIND_TEXT[failure.failure.kind]),
        // Only where the kind alone does not say why: otherwise the window's own words are the whole message.
        ...(failure.failure.kind === 'bad-request' && failure.failure.serviceMessage ? { serviceMessage: failure.failure.serviceMessage } : {}),
        ...(failure.failure.traceId ? { traceId: failure.failure.traceId } : {}),
      };
    case 'rule':
      return { message: ruleText(failure.broken, say, name) };
    case 'document':
      return { message: say('trFailure_document'), ...(failure.serviceMessage ? { serviceMessage: failure.serviceMessage } : {}) };
    case 'not-resumable':
      return { message: say('trFailure_notResumable') };
    case 'file':
      return {
        message: failure.problem === 'too-large' ? say('trFailure_fileTooLarge', { max: formatBytes(failure.maxBytes) }) : say('trFailure_fileType', { list: failure.allowed.join(', ') }),
      };
    case 'local':
      return { message: say('trFailure_local'), serviceMessage: failure.detail };
  }
}

function ruleText(broken: TranslationRuleBreak, say: Say, name: (code: string) => string): string {
  switch (broken.rule) {
    case 'unknown-target-language':
      return say('trRule_targetLanguage', { lang: broken.targetLang });
    case 'unknown-source-language':
      return say('trRule_sourceLanguage', { lang: broken.sourceLang });
    case 'formality-not-supported':
      return say('trRule_formality', { lang: name(broken.targetLang) });
    case 'glossary-needs-source-language':
      return say('trRule_glossarySource');
    case 'glossary-language-pair':
      return say('trRule_glossaryPair', { id: broken.glossaryId, source: name(broken.sourceLang), target: name(broken.targetLang) });
    case 'text-too-large':
      return say('trRule_textTooLarge', { n: broken.index + 1 });
    case 'unsupported-document':
      return say('trFailure_fileType', { list: broken.allowed.join(', ') });
    default:
      // Options the window never sends (style, custom instructions, memories): named by the rule's code.
      return say('trRule_other', { rule: broken.rule });
  }
}
