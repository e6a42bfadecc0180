import { Field, Input, Text } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { CheckField, ChoiceField, NumberField, useFieldState, withField, type FormProps } from './form-parts';

export function LineForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  return (
    <>
      <Field label={t('field_char')} hint={t('charHint')} {...fieldState('char')}>
        <Input value={typeof data['char'] === 'string' ? data['char'] : ''} placeholder="-" onChange={(_event, next) => onChange(withField(data, 'char', next.value === '' ? undefined : next.value))} />
      </Field>
      <CheckField label="field_bold" name="bold" data={data} onChange={onChange} />
    </>
  );
}

export function FeedForm({ data, onChange }: FormProps) {
  return <NumberField label="field_lines" name="lines" min={1} max={255} data={data} onChange={onChange} />;
}

export function CutForm({ data, onChange }: FormProps) {
  return (
    <>
      <CheckField label="field_partial" name="partial" data={data} onChange={onChange} />
      <NumberField label="field_cutFeed" name="feed" min={0} max={255} data={data} onChange={onChange} />
    </>
  );
}

export function DrawerForm({ data, onChange }: FormProps) {
  const t = useText();
  return (
    <ChoiceField
      label="field_pin"
      name="pin"
      numeric
      defaultLabel={t('pin2')}
      options={[{ value: '5', label: t('pin5') }]}
      data={data}
      onChange={onChange}
    />
  );
}

export function BeepForm({ data, onChange }: FormProps) {
  return (
    <div className="designer-form-row">
      <NumberField label="field_times" name="times" min={1} max={9} data={data} onChange={onChange} />
      <NumberField label="field_duration" name="duration" min={1} max={9} data={data} onChange={onChange} />
    </div>
  );
}

/** Raw printer bytes: only reachable from the JSON view, edited as hex. */
export function RawForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  return (
    <>
      <Text>{t('rawHint')}</Text>
      <Field label={t('field_hex')} {...fieldState('hex')}>
        <Input className="mono" value={typeof data['hex'] === 'string' ? data['hex'] : ''} onChange={(_event, next) => onChange({ hex: next.value })} />
      </Field>
    </>
  );
}
