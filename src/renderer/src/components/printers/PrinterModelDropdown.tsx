import { Dropdown, Option, OptionGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { isDirectUri } from './add-printer';
import { modelGroupsFor, NAMED_MODELS } from './printer-models';

interface Props {
  printer: string;
  shownName: string;
  onSaved: (modelName: string) => void;
}

/** The model a printer is set to (a printer profile): jobs to it are laid out and encoded for that model. */
export function PrinterModelDropdown({ printer, shownName, onSaved }: Props) {
  const t = useText();
  const { i18n } = useTranslation();
  // The window's one list of models (the generic one is the empty choice), the common ones first.
  const groups = modelGroupsFor(i18n.language);
  const settings = useSettingsStore((state) => state.settings);
  const save = useSettingsStore((state) => state.save);
  const entries = settings?.printerProfiles ?? [];
  // "generic" is what "Añadir impresora" saves for a printer with no model chosen: shown as the empty choice.
  const saved = entries.find((entry) => entry.printer === printer)?.model ?? '';
  const current = saved === 'generic' ? '' : saved;
  const nameOf = (id: string): string => (id === '' ? t('printerModelGeneric') : (NAMED_MODELS.find((profile) => profile.id === id)?.name ?? id));

  const choose = async (model: string): Promise<void> => {
    if (model === current) return;
    const others = entries.filter((entry) => entry.printer !== printer);
    // A printer Ticketera reaches itself (tcp://, usb:) is known only through this entry: keep it as generic.
    const keep = model === '' && isDirectUri(printer) ? [...others, { printer, model: 'generic' }] : others;
    await save({ printerProfiles: model === '' ? keep : [...others, { printer, model }] }, {});
    if (useSettingsStore.getState().saved) onSaved(nameOf(model));
  };

  return (
    <Dropdown
      size="small"
      className="printer-model"
      aria-label={t('printerModelOf', { name: shownName })}
      // Fluent keeps a (hidden) clear button with an English name of its own: name it in the window's language.
      clearButton={{ 'aria-label': t('clear') }}
      value={nameOf(current)}
      selectedOptions={[current]}
      disabled={!settings}
      onOptionSelect={(_event, data) => void choose(data.optionValue ?? '')}
    >
      <Option value="">{t('printerModelGeneric')}</Option>
      {(['common', 'others'] as const).map((group) => (
        <OptionGroup key={group} label={t(group === 'common' ? 'modelGroupCommon' : 'modelGroupOthers')}>
          {groups[group].map((profile) => (
            <Option key={profile.id} value={profile.id}>
              {profile.name}
            </Option>
          ))}
        </OptionGroup>
      ))}
    </Dropdown>
  );
}
