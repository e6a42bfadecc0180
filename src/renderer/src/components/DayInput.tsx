import { Input, makeStyles, mergeClasses } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useText } from '../i18n';
import { dayFromText, dayOrder, dayText } from './day-text';

const useStyles = makeStyles({
  // As wide as its field allows and no wider: a text input's natural width (20 characters) would run off a row.
  root: { width: '100%', minWidth: 0 },
  input: { minWidth: 0, width: '100%' },
});

interface Props {
  /** `yyyy-mm-dd`, or '' for none: what `<input type="date">` gave, so stores keep their values. */
  value: string;
  onChange(value: string): void;
  className?: string;
  /** The first and last days allowed (`yyyy-mm-dd`): a day outside is still given, and marked invalid on the field. */
  min?: string;
  max?: string;
}

/**
 * A day written in the window's language (20/05/2025 in Spanish), not the browser's: a native date field shows the
 * browser's own format (mm/dd/yyyy in an English browser) whatever the window speaks. The value given and taken is
 * still `yyyy-mm-dd`; a text that is no day is kept as typed and marked invalid until it is one.
 */
export function DayInput({ value, onChange, className, min, max }: Props) {
  const t = useText();
  const styles = useStyles();
  const locale = useTranslation().i18n.language;
  const [text, setText] = useState(() => dayText(value, locale));
  useEffect(() => {
    // A value set from outside (filters cleared, another language) replaces what is shown, unless it is what was typed.
    setText((shown) => (dayFromText(shown, locale) === value ? shown : dayText(value, locale)));
  }, [value, locale]);
  const letters = { day: t('dayLetters'), month: t('monthLetters'), year: t('yearLetters') };
  const placeholder = dayOrder(locale)
    .map((part) => letters[part])
    .join('/');
  const typed = dayFromText(text, locale);
  // `yyyy-mm-dd` strings order like the days they name.
  const invalid = typed === null || (typed !== '' && ((min !== undefined && typed < min) || (max !== undefined && typed > max)));
  return (
    <Input
      className={mergeClasses(styles.root, className)}
      input={{ className: styles.input, size: 10 }}
      value={text}
      placeholder={placeholder}
      inputMode="numeric"
      aria-invalid={invalid || undefined}
      onChange={(_event, data) => {
        setText(data.value);
        const day = dayFromText(data.value, locale);
        if (day !== null && day !== value) onChange(day);
      }}
      // A day typed another way (2025-05-20, 20.5.2025) is shown as the locale writes it once the field is left.
      onBlur={() => setText((shown) => (dayFromText(shown, locale) === value ? dayText(value, locale) : shown))}
    />
  );
}
