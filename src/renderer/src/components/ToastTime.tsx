import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useText } from '../i18n';

const useStyles = makeStyles({
  // In the toast's bottom-right corner, within its padding (styles.css makes the toast the reference): the time adds
  // no line, so a column of toasts keeps the height it had and its room beside a dialog's controls.
  time: {
    position: 'absolute',
    right: '12px',
    bottom: '1px',
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground3,
  },
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
