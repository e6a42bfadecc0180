import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../../components/translation/FailureMessage';
import { languageName } from '../../components/translation/language-names';
import { LanguageFields, requestOf } from '../../components/translation/LanguageFields';
import { useFormats, useText, type TextKey } from '../../i18n';
import { TechnicalDetail } from '../../pages/page-parts';
import { useTranslationDialog } from '../../stores/translation-dialog-store';
import { useTranslationLanguages } from '../../stores/translation-languages-store';
import type { ReceiptText } from './receipt-texts';

const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
const placeholdersOf = (text: string): string[] => text.match(PLACEHOLDER) ?? [];

const PLACE_TEXT: Record<ReceiptText['place']['kind'], TextKey> = { text: 'trPlace_text', header: 'trPlace_header', cell: 'trPlace_cell' };

function placeLabel(entry: ReceiptText, t: ReturnType<typeof useText>): string {
  const { place } = entry;
  return t(PLACE_TEXT[place.kind], {
    n: entry.block + 1,
    ...(place.kind !== 'text' ? { column: place.column + 1 } : {}),
    ...(place.kind === 'cell' ? { row: place.row + 1 } : {}),
  });
}

/**
 * "Translate" in the designer: every text of the receipt in one batch, source and translation side by side, each
 * translation editable, what it cost, and "save as language version" of the saved template.
 */
export function TranslateDialog(props: { canSaveVariant: boolean; onSaved(language: string): void }) {
  const t = useText();
  const { number } = useFormats();
  const { i18n } = useTranslation();
  const dialog = useTranslationDialog();
  const { languages, failure: languagesFailure, error: languagesError, loading } = useTranslationLanguages();
  useEffect(() => {
    if (dialog.open) void useTranslationLanguages.getState().load();
  }, [dialog.open]);
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
  const results = dialog.results;

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
            {languagesFailure && <FailureMessage failure={languagesFailure} />}
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
                <div className="translate-dialog-run">
                  <Button appearance={results ? 'secondary' : 'primary'} disabled={!dialog.choice.targetLang || dialog.busy || dialog.texts.length === 0} onClick={translate}>
                    {t('trTranslateNow')}
                  </Button>
                  {dialog.busy && <Spinner size="tiny" label={t('trTranslating')} />}
                </div>
              </>
            )}
            {dialog.texts.length === 0 && <Text as="p">{t('trNothingToTranslate')}</Text>}
            {dialog.failure && <FailureMessage failure={dialog.failure} />}
            {dialog.error && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  {t('problemFailed')}
                  <TechnicalDetail detail={dialog.error} />
                </MessageBarBody>
              </MessageBar>
            )}
            {results && (
              <>
                <Text as="p" data-testid="translate-billed">
                  {t('trBilledNow', { billed: number(dialog.billedCharacters), hits: number(dialog.cacheHits) })}
                  {dialog.templateBilled !== undefined && dialog.templateName !== '' && <> {t('trBilledTemplate', { billed: number(dialog.templateBilled) })}</>}
                </Text>
                <div className="translate-table-scroll">
                  <Table size="small" aria-label={t('trTranslateTitle')} className="translate-table">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell className="translate-col-where">{t('trColWhere')}</TableHeaderCell>
                        <TableHeaderCell>{t('trColOriginal')}</TableHeaderCell>
                        <TableHeaderCell>
                          {t('trColTranslation')} · {name(dialog.resultLanguage)}
                        </TableHeaderCell>
                        <TableHeaderCell className="translate-col-billed">{t('trColBilled')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {dialog.texts.map((entry, index) => {
                        const lost = placeholdersOf(entry.text).filter((placeholder) => !(dialog.edited[index] ?? '').includes(placeholder));
                        const result = results[index];
                        return (
                          <TableRow key={`${entry.block}-${index}`} data-testid={`translate-row-${index + 1}`}>
                            <TableCell className="translate-col-where">{placeLabel(entry, t)}</TableCell>
                            <TableCell>
                              <span dir="auto">{entry.text}</span>
                            </TableCell>
                            <TableCell>
                              <Field {...(lost.length > 0 ? { validationState: 'warning' as const, validationMessage: t('trPlaceholderLost', { names: lost.join(', ') }) } : {})}>
                                <Textarea
                                  dir="auto"
                                  rows={1}
                                  resize="vertical"
                                  aria-label={t('trTranslationOf', { text: entry.text })}
                                  value={dialog.edited[index] ?? ''}
                                  onChange={(_event, data) => dialog.edit(index, data.value)}
                                />
                              </Field>
                            </TableCell>
                            <TableCell className="translate-col-billed">
                              {number(result?.billedCharacters ?? 0)}
                              {result?.cached && (
                                <Badge appearance="tint" color="informative" className="translate-cached">
                                  {t('trCached')}
                                </Badge>
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions className="translate-dialog-actions">
            {results && !props.canSaveVariant && (
              <Text size={200} id="translate-save-first" className="translate-save-first">
                {t('trSaveFirst')}
              </Text>
            )}
            <Button
              appearance="primary"
              disabled={!results || !props.canSaveVariant || dialog.busy}
              aria-describedby={results && !props.canSaveVariant ? 'translate-save-first' : undefined}
              onClick={() => void save()}
            >
              {results ? t('trSaveVariant', { lang: name(dialog.resultLanguage) }) : t('trSaveVariantAny')}
            </Button>
            <Button onClick={dialog.hide}>{t('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
