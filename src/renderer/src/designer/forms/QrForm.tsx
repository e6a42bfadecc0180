import { Field, Input } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { AlignField, ChoiceField, NumberField, useFieldState, withField, type FormProps } from './form-parts';

export function QrForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  return (
    <>
      <Field label={t('field_qrData')} hint={t('qrHint')} required {...fieldState('data')}>
        <Input value={typeof data['data'] === 'string' ? data['data'] : ''} onChange={(_event, next) => onChange(withField(data, 'data', next.value))} />
      </Field>
      <div className="designer-form-row">
        <NumberField label="field_qrSize" name="size" min={1} max={16} data={data} onChange={onChange} />
        <ChoiceField
          label="field_errorCorrection"
          name="error_correction"
          defaultLabel={t('ec_M')}
          options={[
            { value: 'L', label: t('ec_L') },
            { value: 'Q', label: t('ec_Q') },
            { value: 'H', label: t('ec_H') },
          ]}
          data={data}
          onChange={onChange}
        />
      </div>
      <AlignField data={data} onChange={onChange} />
    </>
  );
}
