import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { OnlineOrderRow as Row, OnlineOrderTestResult } from '../../../../shared/contract/online-order-state';
import { useFormats, useText, type TextKey } from '../../i18n';
import { usePlural } from '../../pages/page-parts';
import { printerLabelOf } from '../printers/printer-label';

const useStyles = makeStyles({
  row: { display: 'flex', flexDirection: 'column', gap: '2px', padding: '8px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  id: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '4px' },
  text: { margin: 0 },
});

export interface RowProps {
  row: Row;
  tested: OnlineOrderTestResult | undefined;
  busy: boolean;
  fixed: boolean;
  onTest(): void;
  onEdit(): void;
  onRemove(): void;
}

/** One order server: what it is, the id to register on it, how its polls go, and its buttons. */
export function OnlineOrderRow({ row, tested, busy, fixed, onTest, onEdit, onRemove }: RowProps) {
  const t = useText();
  const plural = usePlural();
  const { dateTime } = useFormats();
  const styles = useStyles();
  const { binding, state } = row;
  const host = hostOf(binding.url);
  const protocol = t(binding.protocol === 'cloudprnt' ? 'ooCloudprnt' : 'ooSdp');
  const printer = binding.printer === 'default' ? t('ooDefaultPrinter') : printerLabelOf(binding.printer, t).name;
  const problem = (name: string): string => t(`ooProblem_${name}` as TextKey);
  const printerId = state?.printerId ?? (binding.protocol === 'sdp' ? binding.deviceId : '');
  return (
    <li className={styles.row} data-testid="online-order-row">
      <span className={styles.title}>{t('ooServerAt', { protocol, host })}</span>
      <Text className={styles.text}>{t('ooPrintsOn', { printer })}</Text>
      {printerId ? (
        <Text className={styles.text}>
          {t('ooPrinterId', { id: '' })}
          <span className={styles.id} data-testid="online-order-printer-id">
            {printerId}
          </span>
        </Text>
      ) : (
        <Text className={styles.text}>{t('ooPrinterIdNone')}</Text>
      )}
      <Text className={styles.text} data-testid="online-order-last-poll">
        {!state?.running
          ? t('ooStarting')
          : state.lastPollAt === null
            ? t('ooNeverPolled')
            : t(state.lastPollOk ? 'ooLastPollOk' : 'ooLastPollFailed', { time: dateTime(state.lastPollAt) })}
      </Text>
      {state && (
        <Text className={styles.text} data-testid="online-order-printed">
          {plural('ooPrinted', state.jobsPrinted)}
        </Text>
      )}
      {state?.lastProblem && <Text className={styles.text}>{t('ooLastProblem', { problem: problem(state.lastProblem) })}</Text>}
      <div aria-live="polite" data-testid="online-order-test-result">
        {tested && (
          <Text className={styles.text}>
            {tested.problem ? t('ooTestFailed', { problem: problem(tested.problem) }) : t(tested.printedOrder ? 'ooTestPrinted' : 'ooTestAnswered')}
          </Text>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="button" size="small" disabled={busy || !state?.running} aria-label={t('ooTestLabel', { host })} onClick={onTest}>
          {t('ooTest')}
        </Button>
        {!fixed && (
          <>
            <Button type="button" size="small" disabled={busy} aria-label={t('ooEditLabel', { host })} onClick={onEdit}>
              {t('ooEdit')}
            </Button>
            <Button type="button" size="small" disabled={busy} aria-label={t('ooRemoveLabel', { host })} onClick={onRemove}>
              {t('ooRemove')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
