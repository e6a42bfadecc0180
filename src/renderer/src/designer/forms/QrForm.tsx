import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useText, type TextKey } from '../../i18n';
import { AlignField, useFieldState, withField, type FormProps } from './form-parts';

/** Dots per square of the code for each size the owner picks; 6 is what printers do when none is said. */
const SIZES: readonly { dots: number; key: TextKey }[] = [
  { dots: 4, key: 'qrSize_small' },
  { dots: 6, key: 'qrSize_medium' },
  { dots: 8, key: 'qrSize_large' },
];
const DEFAULT_SIZE = 6;

/** Error correction levels, said as what the owner gets: how much of a stained code still reads. M is the default. */
const LEVELS: readonly { level: string; key: TextKey }[] = [
  { level: 'L', key: 'qrStains_L' },
  { level: 'M', key: 'qrStains_M' },
  { level: 'Q', key: 'qrStains_Q' },
  { level: 'H', key: 'qrStains_H' },
];
const DEFAULT_LEVEL = 'M';

export function QrForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  const size = typeof data['size'] === 'number' ? data['size'] : DEFAULT_SIZE;
  const preset = SIZES.some((option) => option.dots === size);
  const level = typeof data['error_correction'] === 'string' ? data['error_correction'] : DEFAULT_LEVEL;
  return (
    <>
      <Field label={t('field_qrData')} hint={t('qrHint')} required {...fieldState('data')}>
        <Input value={typeof data['data'] === 'string' ? data['data'] : ''} onChange={(_event, next) => onChange(withField(data, 'data', next.value))} />
      </Field>
      <Field label={t('field_size')} hint={t('qrSizeHint')}>
        <RadioGroup layout="horizontal" value={String(size)} onChange={(_event, next) => onChange(withField(data, 'size', Number(next.value)))}>
          {SIZES.map((option) => (
            <Radio key={option.dots} value={String(option.dots)} label={t(option.key)} />
          ))}
          {/* A size written elsewhere (the JSON, an older template) is kept, and said to be none of the three. */}
          {!preset && <Radio value={String(size)} label={t('qrSize_other')} />}
        </RadioGroup>
      </Field>
      <Field label={t('qrStains')} hint={t('qrStainsHint')}>
        <Select value={level} onChange={(_event, next) => onChange(withField(data, 'error_correction', next.value === DEFAULT_LEVEL ? undefined : next.value))}>
          {LEVELS.map((option) => (
            <option key={option.level} value={option.level}>
              {t(option.key)}
            </option>
          ))}
        </Select>
      </Field>
      <AlignField data={data} onChange={onChange} />
    </>
  );
}
