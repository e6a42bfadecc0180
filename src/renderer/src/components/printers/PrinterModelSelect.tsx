import { Select } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { modelChoiceText, NAMED_MODELS } from './printer-models';

interface Props {
  /** A model id, or '' for the first choice. */
  value: string;
  /** The first choice's words: what '' means where the list is shown. */
  firstChoice: string;
  onChange(model: string): void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The printer model `<select>` of Añadir impresora and of the designer: the same models in the same words (name,
 * roll and columns) wherever a model is chosen; it takes its label from the Field around it.
 */
export function PrinterModelSelect({ value, firstChoice, onChange, disabled, className, testId }: Props) {
  const t = useText();
  return (
    <Select className={className} value={value} disabled={disabled} onChange={(_event, data) => onChange(data.value)} {...(testId ? { 'data-testid': testId } : {})}>
      <option value="">{firstChoice}</option>
      {NAMED_MODELS.map((profile) => (
        <option key={profile.id} value={profile.id}>
          {modelChoiceText(profile, t)}
        </option>
      ))}
    </Select>
  );
}
