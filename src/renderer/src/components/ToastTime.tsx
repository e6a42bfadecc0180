import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useText } from '../i18n';

const useStyles = makeStyles({
  // Under the toast's words, in the toast's text column (Fluent's Toast is a grid: icon, text, close button).
  time: { gridColumnStart: 2, gridColumnEnd: 3, marginTop: '4px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
});

/** When the toast's news happened ("A las 12:03:04"): with several toasts up, the owner sees which came first. */
export function ToastTime({ at }: { at: number }) {
  const t = useText();
  const { i18n } = useTranslation();
  const styles = useStyles();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(at);
  return (
    <time className={styles.time} dateTime={new Date(at).toISOString()} data-testid="toast-time" data-at={at}>
      {t('toastAt', { time })}
    </time>
  );
}
