import { Field, Textarea } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { AlignField, CheckField, ChoiceField, useFieldState, withField, type FormProps } from './form-parts';

/** Character sizes a shop needs, as width × height multipliers. */
const SIZES = [
  { value: '1x1', key: 'size_normal' },
  { value: '1x2', key: 'size_tall' },
  { value: '2x1', key: 'size_wide' },
  { value: '2x2', key: 'size_large' },
  { value: '3x3', key: 'size_huge' },
] as const;

function sizeValue(size: unknown): string {
  const { width = 1, height = 1 } = (typeof size === 'object' && size !== null ? size : {}) as { width?: number; height?: number };
  return `${width}x${height}`;
}

export function TextForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  const size = sizeValue(data['size']);
  const sizeOptions: { value: string; label: string }[] = SIZES.map((option) => ({ value: option.value, label: t(option.key) }));
  if (!SIZES.some((option) => option.value === size)) sizeOptions.push({ value: size, label: size.replace('x', ' × ') });
  return (
    <>
      <Field label={t('field_text')} hint={t('textHint')} {...fieldState('text')}>
        {/* Edited text no longer matches the styled pieces (runs) a POS sent: the block prints in its own style. */}
        <Textarea resize="vertical" placeholder={t('textPlaceholder')} value={typeof data['text'] === 'string' ? data['text'] : ''} onChange={(_event, next) => onChange(withField(withField(data, 'runs', undefined), 'text', next.value))} />
      </Field>
      <AlignField data={data} onChange={onChange} />
      <div className="designer-form-row">
        <ChoiceField
          label="field_size"
          name="size"
          options={sizeOptions}
          data={{ size }}
          onChange={(next) => {
            const [width, height] = String(next['size']).split('x').map(Number);
            onChange(withField(data, 'size', width === 1 && height === 1 ? undefined : { width, height }));
          }}
        />
        <ChoiceField
          label="field_font"
          name="font"
          defaultLabel={t('font_a')}
          options={[{ value: 'b', label: t('font_b') }]}
          data={data}
          onChange={onChange}
        />
        <ChoiceField
          label="field_underline"
          name="underline"
          numeric
          defaultLabel={t('underline_none')}
          options={[
            { value: '1', label: t('underline_thin') },
            { value: '2', label: t('underline_thick') },
          ]}
          data={data}
          onChange={onChange}
        />
      </div>
      <div className="designer-form-row">
        <CheckField label="field_bold" name="bold" data={data} onChange={onChange} />
        <CheckField label="field_invert" name="invert" data={data} onChange={onChange} />
      </div>
    </>
  );
}
