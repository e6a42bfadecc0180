import { Button, MessageBar, MessageBarActions, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TranslationFailure } from '../../../../shared/contract/translation-types';
import { useText } from '../../i18n';
import { failureText, type FailureText } from './failure-text';
import { languageName } from './language-names';

/** Bytes as a person reads them: `10 MB`. */
export function useByteFormat(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return (bytes) => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

export function useFailureText(): (failure: TranslationFailure) => FailureText {
  const t = useText();
  const { i18n } = useTranslation();
  const bytes = useByteFormat();
  return (failure) => failureText(failure, t, (code) => languageName(code, i18n.language), bytes);
}

/** What went wrong, in the window's language, then what the service said and the trace id to give support. */
export function FailureDetails({ failure }: { failure: TranslationFailure }) {
  const t = useText();
  const text = useFailureText()(failure);
  return (
    <div className="translation-failure-text">
      <span>{text.message}</span>
      {text.serviceMessage && (
        <Text size={200} className="translation-service-said">
          {t('trServiceSaid')}: <q lang="">{text.serviceMessage}</q>
        </Text>
      )}
      {text.traceId && (
        <Text size={200} data-testid="translation-trace-id">
          {t('trTraceId', { id: text.traceId })}
        </Text>
      )}
    </div>
  );
}

/** Kinds a person fixes in Settings (the key, the address): the message then offers to go there. */
const FIXED_IN_SETTINGS = new Set(['key-missing', 'key-rejected', 'refused']);

export function FailureMessage({ failure, onOpenSettings }: { failure: TranslationFailure; onOpenSettings?: (() => void) | undefined }) {
  const t = useText();
  const settingsHelp = onOpenSettings && failure.reason === 'service' && FIXED_IN_SETTINGS.has(failure.failure.kind);
  return (
    <MessageBar intent="error" layout="multiline" data-testid="translation-failure">
      <MessageBarBody>
        <FailureDetails failure={failure} />
      </MessageBarBody>
      {settingsHelp && (
        <MessageBarActions>
          <Button onClick={onOpenSettings}>{t('trOpenSettings')}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
