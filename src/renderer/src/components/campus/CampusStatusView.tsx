import { Badge, Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Popover, PopoverSurface, PopoverTrigger, Spinner, Text } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Info20Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { collectedAtOf, WIRELESS_FAILING_FROM, WIRELESS_WATCH_FROM, wirelessLevel, type CampusStatus, type WirelessLevel } from '../../../../shared/contract/campus-types';
import { useFormats, useText, type TextKey } from '../../i18n';
import { useCampusStore } from '../../stores/campus-store';
import { useCampusStyles } from './campus-styles';
import { CampusFailureBar } from './CampusFailureBar';
import { useRelativeTime } from '../../i18n/relative-time';
import { openSettingsAt } from '../settings/optional-services';

const LEVEL_COLOR = { fine: 'success', watch: 'warning', failing: 'danger', unknown: 'informative' } as const satisfies Record<WirelessLevel, string>;
const LEVEL_TEXT: Record<WirelessLevel, TextKey> = { fine: 'campusLevel_fine', watch: 'campusLevel_watch', failing: 'campusLevel_failing', unknown: 'campusLevel_unknown' };
/** The kept value is read again this often (a local call, never the campus) so "hace 3 horas" and the daily refresh show. */
const RELOAD_MS = 60_000;

/** The campus Wi-Fi status, the same on the Home panel and the Campus page; `idPrefix` keeps their ids apart. */
export function CampusStatusView({ onOpenSettings, idPrefix }: { onOpenSettings?: (() => void) | undefined; idPrefix: string }) {
  const t = useText();
  const styles = useCampusStyles();
  const { status, problem, refreshing, load, refresh } = useCampusStore();
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), RELOAD_MS);
    return () => clearInterval(timer);
  }, [load]);

  if (!status) return problem ? <Text role="alert">{t('campusFailure_call')}</Text> : <Spinner size="small" label={t('campusLoading')} />;
  const busy = refreshing || status.refreshing;
  return (
    <div className={styles.stack} data-testid={`${idPrefix}-status`}>
      {!status.keySet ? <NoKey onOpenSettings={onOpenSettings} /> : null}
      {status.lastGood ? <Reading status={status} idPrefix={idPrefix} /> : status.keySet && <Text>{t('campusNoValueYet')}</Text>}
      {status.keySet && status.lastFailure && <CampusFailureBar failure={status.lastFailure} onOpenSettings={onOpenSettings} testId={`${idPrefix}-failure`} />}
      {status.keyFixedBy && <Text size={200} className={styles.muted}>{t('campusKeyFixed', { name: status.keyFixedBy })}</Text>}
      <div className={styles.row}>
        {status.keySet && (
          <Button icon={busy ? <Spinner size="tiny" /> : <ArrowClockwise20Regular />} disabled={busy} onClick={() => void refresh()} aria-label={t('campusRefreshLabel')} data-testid={`${idPrefix}-refresh`}>
            {busy ? t('campusRefreshing') : t('campusRefresh')}
          </Button>
        )}
        <HelpButton />
      </div>
      {status.keySet && status.nextRefreshAt !== null && <NextRefresh at={status.nextRefreshAt} />}
    </div>
  );
}

function Reading({ status, idPrefix }: { status: CampusStatus; idPrefix: string }) {
  const t = useText();
  const formats = useFormats();
  const styles = useCampusStyles();
  const ago = useRelativeTime();
  const reading = status.lastGood!;
  const level = wirelessLevel(reading.count);
  const collectedAt = collectedAtOf(reading.lastUpdated);
  return (
    <div className={styles.stack}>
      <div className={styles.figure}>
        <Text className={`${styles.count} ${status.stale ? styles.staleCount : ''}`} data-testid={`${idPrefix}-count`} aria-describedby={`${idPrefix}-count-label`}>
          {reading.count === null ? t('campusIssuesUnknown') : formats.number(reading.count)}
        </Text>
        <Text id={`${idPrefix}-count-label`}>{t('campusIssuesLabel')}</Text>
        <Badge color={LEVEL_COLOR[level]} appearance="filled" data-testid={`${idPrefix}-level`} data-level={level}>
          {t(LEVEL_TEXT[level])}
        </Badge>
        {status.stale && (
          <Badge color="severe" appearance="outline" data-testid={`${idPrefix}-stale`}>
            {t('campusStale')}
          </Badge>
        )}
      </div>
      {reading.count === null && <Text size={200} className={styles.muted}>{t('campusIssuesUnknownHint')}</Text>}
      <Text size={200} title={reading.lastUpdated ?? undefined} data-testid={`${idPrefix}-collected`}>
        {collectedAt === null ? t('campusCollectedUnknown') : t('campusCollected', { when: ago(collectedAt) })}
      </Text>
      <Text size={200} className={styles.muted} title={formats.dateTime(reading.fetchedAt)}>
        {status.stale ? t('campusStaleText', { when: ago(reading.fetchedAt) }) : t('campusFetched', { when: ago(reading.fetchedAt) })}
      </Text>
    </div>
  );
}

function NoKey({ onOpenSettings }: { onOpenSettings?: (() => void) | undefined }) {
  const t = useText();
  return (
    <MessageBar intent="info" layout="multiline" data-testid="campus-no-key">
      <MessageBarBody>
        <MessageBarTitle>{t('campusNoKeyTitle')}</MessageBarTitle>
        <Text block>{t('campusNoKeyText')}</Text>
      </MessageBarBody>
      {onOpenSettings && (
        <MessageBarActions>
          {/* Settings opens at the campus key, not at its top. */}
          <Button onClick={() => openSettingsAt('campusApiKey')}>{t('campusOpenSettings')}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

function HelpButton() {
  const t = useText();
  const styles = useCampusStyles();
  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Info20Regular />}>
          {t('campusHelpButton')}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('campusHelpButton')}>
        <Text as="p" className={styles.help}>
          {t('campusHelp', { watch: WIRELESS_WATCH_FROM, failing: WIRELESS_FAILING_FROM })}
        </Text>
      </PopoverSurface>
    </Popover>
  );
}

function NextRefresh({ at }: { at: number }) {
  const t = useText();
  const styles = useCampusStyles();
  const inTime = useRelativeTime();
  return (
    <Text size={200} className={styles.muted}>
      {t('campusNextRefresh', { when: inTime(at) })}
    </Text>
  );
}
