import { Button, Field, MessageBar, MessageBarActions, MessageBarBody, Select } from '@fluentui/react-components';
import { Translate20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { languageName } from '../../components/translation/language-names';
import { useFormats, useText } from '../../i18n';
import { isDirty, useDesignerStore } from '../../stores/designer-store';
import { useTranslationDialog } from '../../stores/translation-dialog-store';
import { parseDocument } from '../document-text';
import { TranslateDialog } from './TranslateDialog';

function useCurrentTemplate() {
  const { templates, templateName } = useDesignerStore();
  return templates.find((template) => template.name === templateName);
}

/** The designer toolbar's "Translate" button, its dialog, and the switch between the original and its versions. */
export function TranslateTools({ canEdit }: { canEdit: boolean }) {
  const t = useText();
  const { number } = useFormats();
  const { i18n } = useTranslation();
  const store = useDesignerStore();
  const template = useCurrentTemplate();
  const variants = Object.entries(template?.variants ?? {})
    .map(([code, variant]) => ({ code, name: languageName(code, i18n.language), billed: variant.billedCharacters }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));

  // The original is what gets translated: the editor's receipt, or the saved original while a version is open.
  const open = () => {
    const parsed = parseDocument(store.text);
    const original = store.variant !== undefined ? template?.document : parsed.ok ? parsed.value : undefined;
    if (original !== undefined) useTranslationDialog.getState().show(original, { name: store.templateName, protectedTerms: template?.protectedTerms, variants: template?.variants });
  };
  const saved = async (language: string) => {
    await store.loadTemplates();
    store.openVariant(language);
  };

  return (
    <>
      <Button icon={<Translate20Regular />} disabled={!canEdit} onClick={open}>
        {t('trTranslate')}
      </Button>
      {variants.length > 0 && (
        <Field label={t('trVersion')} orientation="horizontal" className="designer-variant-field">
          <Select value={store.variant ?? ''} onChange={(_event, data) => store.openVariant(data.value === '' ? undefined : data.value)}>
            <option value="">{t('trOriginal')}</option>
            {variants.map((variant) => (
              <option key={variant.code} value={variant.code}>
                {t('trVariantOption', { lang: variant.name, billed: number(variant.billed) })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <TranslateDialog canSaveVariant={store.templateName !== '' && (store.variant !== undefined || !isDirty(store))} onSaved={(language) => void saved(language)} />
    </>
  );
}

/** Says which language version is open, and that "Save" saves that version; offers to delete it. */
export function VariantBanner() {
  const t = useText();
  const { i18n } = useTranslation();
  const store = useDesignerStore();
  const language = store.variant;
  if (language === undefined) return null;
  const remove = async () => {
    try {
      await api.deleteTemplateVariant({ name: store.templateName, language });
      await store.loadTemplates();
      store.openVariant(undefined);
    } catch {
      // The template list shows what is left after the next load.
    }
  };
  return (
    <MessageBar intent="info" data-testid="variant-banner">
      <MessageBarBody>{t('trEditingVariant', { lang: languageName(language, i18n.language) })}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => store.openVariant(undefined)}>{t('trOriginal')}</Button>
        <Button onClick={() => void remove()}>{t('trDeleteVariant')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
