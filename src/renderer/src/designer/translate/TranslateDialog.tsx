import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  Textarea,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_VENDOR, type TranslationFailure } from '../../../../shared/contract/translation-types';
import { openSettingsAt } from '../../components/settings/optional-services';
import { FailureMessage } from '../../components/translation/FailureMessage';
import { languageName } from '../../components/translation/language-names';
import { LanguageFields, requestOf } from '../../components/translation/LanguageFields';
import { useFormats, useText } from '../../i18n';
import { TechnicalDetail } from '../../pages/page-parts';
import { useTranslationDialog } from '../../stores/translation-dialog-store';
import { useTranslationLanguages } from '../../stores/translation-languages-store';
import { TranslationsTable } from './TranslationsTable';
import './translate-dialog.css';

const isKeyMissing = (failure: TranslationFailure | undefined): boolean => failure?.reason === 'service' && failure.failure.kind === 'key-missing';

/**
 * "Translate" in the designer: every text of the receipt in one batch, source and translation side by side, each
 * translation editable, what it cost, and "save as language version" of the saved template. Without the service (no
 * key, no connection) the owner types the English texts himself, saved the same way.
 */
export function TranslateDialog(props: { canSaveVariant: boolean; onSaved(language: string): void }) {
  const t = useText();
  const { number } = useFormats();
  const { i18n } = useTranslation();
  const dialog = useTranslationDialog();
  const { languages, failure: languagesFailure, error: languagesError, loading } = useTranslationLanguages();
  const keyMissing = isKeyMissing(languagesFailure) || isKeyMissing(dialog.failure);
  useEffect(() => {
    if (dialog.open) void useTranslationLanguages.getState().load();
  }, [dialog.open]);
  // Without a key the service cannot translate: the fields to type the English in are the dialog's one way forward.
  const startByHand = dialog.open && keyMissing && !dialog.byHand && !dialog.results;
  useEffect(() => {
    if (startByHand) useTranslationDialog.getState().writeByHand();
  }, [startByHand]);
  if (!dialog.open) return null;

  const name = (code: string) => languageName(code, i18n.language);
  const translate = () => {
    if (languages && dialog.choice.targetLang) void dialog.translate(requestOf(languages, dialog.choice));
  };
  const save = async () => {
    const language = dialog.resultLanguage;
    if (await dialog.saveVariant()) {
      dialog.hide();
      props.onSaved(language);
    }
  };
  // The key is set in Settings, which opens at it (the designer asks first about unsaved changes, as leaving does).
  const openKeySettings = () => {
    dialog.hide();
    openSettingsAt('translationApiKey');
  };
  const { results, byHand } = dialog;
  const editing = results !== undefined || byHand;

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && dialog.hide()}>
      <DialogSurface className="translate-dialog" aria-describedby="translate-intro">
        <DialogBody>
          <DialogTitle>{t('trTranslateTitle')}</DialogTitle>
          <DialogContent className="translate-dialog-content">
            <Text as="p" id="translate-intro">
              {t('trTranslateIntro', { example: '{{total}}' })}
            </Text>
            {loading && !languages && <Spinner size="tiny" label={t('trLoadingLanguages')} />}
            {keyMissing ? (
              <MessageBar intent="warning" layout="multiline" data-testid="translate-no-key">
                <MessageBarBody>
                  <MessageBarTitle>{t('trNoKeyTitle')}</MessageBarTitle>
                  {t('trwNoKeyDialog', { vendor: TRANSLATION_VENDOR.name })}
                </MessageBarBody>
                <MessageBarActions>
                  <Button onClick={openKeySettings}>{t('trwOpenKey')}</Button>
                </MessageBarActions>
              </MessageBar>
            ) : (
              languagesFailure && <FailureMessage failure={languagesFailure} onOpenSettings={openKeySettings} />
            )}
            {languagesError && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  {t('problemFailed')}
                  <TechnicalDetail detail={languagesError} />
                </MessageBarBody>
              </MessageBar>
            )}
            {languages && (
              <>
                {languages.stale && (
                  <MessageBar intent="warning">
                    <MessageBarBody>{t('trLanguagesStale')}</MessageBarBody>
                  </MessageBar>
                )}
                <div className="translate-dialog-options">
                  <LanguageFields languages={languages} choice={dialog.choice} onChange={dialog.setChoice} />
                  <Field label={t('trProtected')} hint={t('trProtectedHint')}>
                    <Textarea value={dialog.terms} rows={3} resize="vertical" onChange={(_event, data) => dialog.setTerms(data.value)} />
                  </Field>
                </div>
              </>
            )}
            {dialog.texts.length === 0 ? (
              <Text as="p">{t('trNothingToTranslate')}</Text>
            ) : (
              <div className="translate-dialog-run">
                {languages && (
                  <Button appearance={editing ? 'secondary' : 'primary'} disabled={!dialog.choice.targetLang || dialog.busy} onClick={translate}>
                    {t('trTranslateNow')}
                  </Button>
                )}
                {!byHand && (
                  <Button disabled={dialog.busy} onClick={dialog.writeByHand}>
                    {t('trwByHand')}
                  </Button>
                )}
                {dialog.busy && <Spinner size="tiny" label={t('trTranslating')} />}
              </div>
            )}
            {dialog.failure && !isKeyMissing(dialog.failure) && <FailureMessage failure={dialog.failure} onOpenSettings={openKeySettings} />}
            {dialog.error && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  {t('problemFailed')}
                  <TechnicalDetail detail={dialog.error} />
                </MessageBarBody>
              </MessageBar>
            )}
            {results && (
              <Text as="p" data-testid="translate-billed">
                {t('trBilledNow', { billed: number(dialog.billedCharacters), hits: number(dialog.cacheHits) })}
                {dialog.templateBilled !== undefined && dialog.templateName !== '' && <> {t('trBilledTemplate', { billed: number(dialog.templateBilled) })}</>}
              </Text>
            )}
            {byHand && (
              <Text as="p" data-testid="translate-by-hand">
                {t('trwByHandIntro')}
              </Text>
            )}
            {editing && <TranslationsTable texts={dialog.texts} edited={dialog.edited} language={name(dialog.resultLanguage)} results={results} focusFirst={byHand} onEdit={dialog.edit} />}
          </DialogContent>
          <DialogActions fluid className="translate-dialog-actions">
            {editing && !props.canSaveVariant && (
              <Text size={200} id="translate-save-first" className="translate-save-first">
                {t('trSaveFirst')}
              </Text>
            )}
            <Button
              appearance="primary"
              disabled={!editing || !props.canSaveVariant || dialog.busy}
              aria-describedby={editing && !props.canSaveVariant ? 'translate-save-first' : undefined}
              onClick={() => void save()}
            >
              {editing ? t('trSaveVariant', { lang: name(dialog.resultLanguage) }) : t('trSaveVariantAny')}
            </Button>
            <Button onClick={dialog.hide}>{t('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
