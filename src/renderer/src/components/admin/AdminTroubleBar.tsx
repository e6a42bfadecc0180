import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { AdminRuleBreak } from '../../../../shared/contract/admin-types';
import type { ServiceFailure, ServiceFailureKind } from '../../../../shared/contract/service-failure';
import { useFormats, useText, type TextKey } from '../../i18n';
import { ProblemBar } from '../../pages/page-parts';
import type { AdminTrouble } from '../../stores/admin-call';
import { openSettingsAt } from '../settings/optional-services';

const FAILURE_TEXT: Record<ServiceFailureKind, TextKey> = {
  'key-missing': 'adminNoKey',
  'key-rejected': 'adminFailure_keyRejected',
  'quota-exceeded': 'adminFailure_quota',
  'too-many-requests': 'adminFailure_busy',
  'too-large': 'adminFailure_tooLarge',
  'uri-too-long': 'adminFailure_tooLarge',
  'bad-request': 'adminFailure_badRequest',
  'not-found': 'adminFailure_notFound',
  server: 'adminFailure_server',
  timeout: 'adminFailure_timeout',
  refused: 'adminFailure_refused',
  network: 'adminFailure_network',
  'bad-response': 'adminFailure_badResponse',
  'answer-too-large': 'adminFailure_answerTooLarge',
  cancelled: 'adminFailure_cancelled',
};

/** A rule the client enforces, in the window's words. */
export function useRuleText(): (broken: AdminRuleBreak) => string {
  const t = useText();
  const { number } = useFormats();
  return (broken) => {
    switch (broken.rule) {
      case 'date-missing':
        return t('adminRule_dateMissing');
      case 'date-invalid':
        return t('adminRule_dateInvalid', { value: broken.value });
      case 'range-backwards':
        return t('adminRule_backwards');
      case 'range-too-long':
        return t('adminRule_tooLong', { days: number(broken.days), max: number(broken.maxDays) });
      case 'group-by':
      case 'aggregate-by':
        return t('adminRule_grouping', { value: broken.value });
      case 'limit-invalid':
        return t('adminRule_limit');
      case 'label-invalid':
        return t('adminRule_label', { max: number(broken.maxLength) });
    }
  };
}

/**
 * What went wrong with an admin call: the window's sentence for the kind, then what support needs — the service's
 * own message (a 400 says why, in its words) or the field it got wrong, and the trace id.
 */
export function AdminTroubleBar({ trouble, testId = 'admin-trouble' }: { trouble: AdminTrouble; testId?: string }) {
  const t = useText();
  const ruleText = useRuleText();
  if (trouble.type === 'call') return <ProblemBar problem={trouble.problem} testId={testId} />;
  const { failure } = trouble;
  if (failure.reason === 'rule') {
    return (
      <MessageBar intent="error" role="alert" data-testid={testId} layout="multiline">
        <MessageBarBody>{ruleText(failure.broken)}</MessageBarBody>
      </MessageBar>
    );
  }
  const service = failure.failure;
  if (service.kind === 'key-missing') return <NoAdminKey testId={testId} />;
  return (
    <MessageBar intent="error" role="alert" data-testid={testId} layout="multiline">
      <MessageBarBody>
        {t(FAILURE_TEXT[service.kind])}
        <FailureFacts failure={service} />
      </MessageBarBody>
    </MessageBar>
  );
}

function FailureFacts({ failure }: { failure: ServiceFailure }) {
  const t = useText();
  const said = failure.serviceMessage ?? failure.detail;
  return (
    <>
      {said && (
        <Text as="p" size={200} className="detail">
          {t('adminServiceSaid')}:{' '}
          <span data-service data-testid="admin-service-message">
            {said}
          </span>
        </Text>
      )}
      {failure.traceId && (
        <Text as="p" size={200} className="detail" data-testid="admin-trace-id">
          {t('adminTraceId', { id: failure.traceId })}
        </Text>
      )}
    </>
  );
}

/** Not an error: the owner has not set the organization's admin key yet. */
export function NoAdminKey({ testId }: { testId?: string }) {
  const t = useText();
  return (
    <MessageBar intent="warning" data-testid={testId} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('adminNoKeyTitle')}</MessageBarTitle>
        {t('adminNoKeyWhere')}
      </MessageBarBody>
      <MessageBarActions>
        {/* Settings opens at the admin key, not at its top. */}
        <Button onClick={() => openSettingsAt('adminApiKey')}>{t('openSettingsAtKey')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
