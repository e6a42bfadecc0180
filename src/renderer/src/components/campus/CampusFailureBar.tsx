import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { CampusFailure } from '../../../../shared/contract/campus-types';
import { useText } from '../../i18n';
import { campusFailureText } from './campus-failure-text';
import { openSettingsAt } from '../settings/optional-services';

/** Why the campus could not be asked, in the window's language, with the way to Settings when the fix is there. */
export function CampusFailureBar({ failure, onOpenSettings, testId }: { failure: CampusFailure; onOpenSettings?: (() => void) | undefined; testId: string }) {
  const t = useText();
  const text = campusFailureText(failure, t);
  return (
    <MessageBar intent="warning" layout="multiline" data-testid={testId}>
      <MessageBarBody>
        <MessageBarTitle>{text.message}</MessageBarTitle>
        {text.serviceMessage && <Text block>{t('campusServiceSaid', { message: text.serviceMessage })}</Text>}
        {text.traceId && <Text block size={200}>{t('campusTraceId', { id: text.traceId })}</Text>}
      </MessageBarBody>
      {text.settingsHelp && onOpenSettings && (
        <MessageBarActions>
          {/* Settings opens at the campus key, not at its top. */}
          <Button onClick={() => openSettingsAt('campusApiKey')}>{t('campusOpenSettings')}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
