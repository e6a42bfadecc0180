import type { ServiceFailureKind } from '../../../../shared/contract/service-failure';
import type { CampusFailure, CampusProblem } from '../../../../shared/contract/campus-types';
import type { TextKey } from '../../i18n';

type Say = (key: TextKey, values?: Record<string, string | number>) => string;

const PROBLEM_TEXT: Record<CampusProblem, TextKey> = {
  'no-data': 'campusProblem_noData',
  'key-invalid': 'campusProblem_keyInvalid',
  'key-banned': 'campusProblem_keyBanned',
  'limit-reached': 'campusProblem_limitReached',
  'invalid-method': 'campusProblem_invalidMethod',
  'key-required': 'campusProblem_keyRequired',
  'unexpected-status': 'campusProblem_unexpected',
  'unreadable-body': 'campusProblem_unreadable',
  'body-too-large': 'campusProblem_tooLarge',
};

const KIND_TEXT: Record<ServiceFailureKind, TextKey> = {
  'key-missing': 'campusKeyMissingWhere',
  'key-rejected': 'campusFailure_keyRejected',
  'quota-exceeded': 'campusProblem_limitReached',
  'too-many-requests': 'campusFailure_busy',
  'too-large': 'campusFailure_other',
  'uri-too-long': 'campusFailure_other',
  'bad-request': 'campusFailure_other',
  'not-found': 'campusProblem_invalidMethod',
  server: 'campusFailure_server',
  timeout: 'campusFailure_timeout',
  refused: 'campusFailure_refused',
  network: 'campusFailure_network',
  'bad-response': 'campusFailure_badResponse',
  'answer-too-large': 'campusProblem_tooLarge',
  cancelled: 'campusFailure_server',
};

export interface CampusFailureText {
  message: string;
  /** Only for a code outside the service's list: its own words say more than the number. */
  serviceMessage?: string;
  traceId?: string;
  /** The person fixes it in Settings (the key or the address). */
  settingsHelp: boolean;
}

const SETTINGS_PROBLEMS: ReadonlySet<string> = new Set(['key-invalid', 'key-banned', 'key-required', 'invalid-method', 'unreadable-body', 'body-too-large']);
const SETTINGS_KINDS: ReadonlySet<string> = new Set(['key-missing', 'key-rejected', 'not-found', 'bad-request', 'refused']);

/** A campus failure in the window's language, from its kind: the service's English text is never the message. */
export function campusFailureText(failure: CampusFailure, say: Say): CampusFailureText {
  if (failure.reason === 'campus') {
    return {
      message: say(PROBLEM_TEXT[failure.problem], { code: failure.code ?? '?' }),
      ...(failure.problem === 'unexpected-status' && failure.serviceMessage ? { serviceMessage: failure.serviceMessage } : {}),
      settingsHelp: SETTINGS_PROBLEMS.has(failure.problem),
    };
  }
  return {
    message: say(KIND_TEXT[failure.failure.kind]),
    ...(failure.failure.traceId ? { traceId: failure.failure.traceId } : {}),
    settingsHelp: SETTINGS_KINDS.has(failure.failure.kind),
  };
}
