import { Checkbox, Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useText, type TextKey } from '../../i18n';
import type { BlockProblem } from '../block-errors';

/** The roll the receipt is laid out for, for fields the owner gives in millimetres (a picture's width). */
export interface FormPaper {
  /** Printable dots across the roll. */
  dots: number;
  /** Dots in a millimetre on this printer's head (8 at 203 dpi). */
  dotsPerMm: number;
}

/** What every block form gets: the command's data, a way to change it, the problems found in it, and the paper. */
export interface FormProps {
  data: Record<string, unknown>;
  onChange(data: Record<string, unknown>): void;
  problems: BlockProblem[];
  paper: FormPaper;
}

/** The data with one field set, or removed when `value` is undefined (the printer's default then applies). */
export function withField(data: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...data };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

/** Field props that show the first problem found for `field`, in the window's language. */
export function useFieldState(problems: BlockProblem[]): (field: string) => { validationState?: 'error'; validationMessage?: string } {
  const t = useText();
  return (field) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? { validationState: 'error', validationMessage: t(problem.key, problem.values) } : {};
  };
}

export function AlignField({ data, onChange }: Pick<FormProps, 'data' | 'onChange'>) {
  const t = useText();
  const value = typeof data['align'] === 'string' ? data['align'] : 'left';
  return (
    <Field label={t('field_align')}>
      <RadioGroup layout="horizontal" value={value} onChange={(_event, next) => onChange(withField(data, 'align', next.value))}>
        <Radio value="left" label={t('align_left')} />
        <Radio value="center" label={t('align_center')} />
        <Radio value="right" label={t('align_right')} />
      </RadioGroup>
    </Field>
  );
}

/** A whole number within the schema's range; an empty box means "the default". */
export function NumberField(props: {
  label: TextKey;
  name: string;
  min: number;
  max: number;
  hint?: string;
  data: Record<string, unknown>;
  onChange(data: Record<string, unknown>): void;
}) {
  const t = useText();
  const { data, name, min, max } = props;
  const value = data[name];
  const shown = typeof value === 'number' ? String(value) : '';
  const bad = typeof value === 'number' && (!Number.isInteger(value) || value < min || value > max);
  return (
    <Field
      label={t(props.label)}
      hint={props.hint ?? t('rangeHint', { min, max })}
      {...(bad ? { validationState: 'error' as const, validationMessage: t('rangeHint', { min, max }) } : {})}
    >
      <Input
        type="number"
        min={min}
        max={max}
        value={shown}
        onChange={(_event, next) => props.onChange(withField(data, name, next.value === '' ? undefined : Number(next.value)))}
      />
    </Field>
  );
}

export function CheckField({ label, name, data, onChange }: { label: TextKey; name: string } & Pick<FormProps, 'data' | 'onChange'>) {
  const t = useText();
  return <Checkbox label={t(label)} checked={data[name] === true} onChange={(_event, next) => onChange(withField(data, name, next.checked === true ? true : undefined))} />;
}

/** A choice among fixed values; `defaultLabel` adds a first option that leaves the field out. */
export function ChoiceField(props: {
  label: TextKey;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultLabel?: string;
  numeric?: boolean;
  data: Record<string, unknown>;
  onChange(data: Record<string, unknown>): void;
}) {
  const t = useText();
  const { data, name } = props;
  const value = data[name] === undefined ? '' : String(data[name]);
  return (
    <Field label={t(props.label)}>
      <Select
        value={value}
        onChange={(_event, next) =>
          props.onChange(withField(data, name, next.value === '' ? undefined : props.numeric ? Number(next.value) : next.value))
        }
      >
        {props.defaultLabel !== undefined && <option value="">{props.defaultLabel}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
