import { Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useText } from '../../i18n';
import { modelChoiceText, modelGroupsFor } from './printer-models';

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
 * roll and columns) and order (the common ones first) wherever a model is chosen; it takes its label from the Field
 * around it.
 */
export function PrinterModelSelect({ value, firstChoice, onChange, disabled, className, testId }: Props) {
  const t = useText();
  const { i18n } = useTranslation();
  const groups = modelGroupsFor(i18n.language);
  return (
    <Select className={className} value={value} disabled={disabled} onChange={(_event, data) => onChange(data.value)} {...(testId ? { 'data-testid': testId } : {})}>
      <option value="">{firstChoice}</option>
      {(['common', 'others'] as const).map((group) => (
        <optgroup key={group} label={t(group === 'common' ? 'modelGroupCommon' : 'modelGroupOthers')}>
          {groups[group].map((profile) => (
            <option key={profile.id} value={profile.id}>
              {modelChoiceText(profile, t)}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}
