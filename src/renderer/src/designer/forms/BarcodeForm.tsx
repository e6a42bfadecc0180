import { Field, Input } from '@fluentui/react-components';
import { SYMBOLOGIES } from '../../../../shared/document/types';
import { useText } from '../../i18n';
import { AlignField, ChoiceField, NumberField, useFieldState, withField, type FormProps } from './form-parts';

export function BarcodeForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  return (
    <>
      <div className="designer-form-row">
        <ChoiceField
          label="field_symbology"
          name="symbology"
          options={SYMBOLOGIES.map((symbology) => ({ value: symbology, label: symbology.replace('_', '-') }))}
          data={data}
          onChange={onChange}
        />
        <Field label={t('field_barcodeData')} required {...fieldState('data')}>
          <Input value={typeof data['data'] === 'string' ? data['data'] : ''} onChange={(_event, next) => onChange(withField(data, 'data', next.value))} />
        </Field>
      </div>
      <div className="designer-form-row">
        <NumberField label="field_barHeight" name="height" min={1} max={255} data={data} onChange={onChange} />
        <NumberField label="field_barWidth" name="width" min={2} max={6} data={data} onChange={onChange} />
        <ChoiceField
          label="field_hri"
          name="hri"
          defaultLabel={t('hri_below')}
          options={[
            { value: 'none', label: t('hri_none') },
            { value: 'above', label: t('hri_above') },
            { value: 'both', label: t('hri_both') },
          ]}
          data={data}
          onChange={onChange}
        />
      </div>
      <AlignField data={data} onChange={onChange} />
    </>
  );
}
