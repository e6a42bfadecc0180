import { Button, Field, Input, Select, Text } from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent } from 'react';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_OUTPUT_FORMATS,
  MAX_DOCUMENT_BYTES,
  isDocumentFile,
  type DocumentOutputFormat,
  type TranslationFailure,
  type TranslationLanguages,
} from '../../../../shared/contract/translation-types';
import { useText } from '../../i18n';
import { useTranslationDocuments } from '../../stores/translation-documents-store';
import { FailureMessage, useByteFormat } from './FailureMessage';
import { LanguageFields, requestOf, type LanguageChoice } from './LanguageFields';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Choose a document, the languages and options, and send it; a file the service would refuse is refused here. */
export function DocumentForm({ languages, disabled }: { languages: TranslationLanguages; disabled: boolean }) {
  const t = useText();
  const bytes = useByteFormat();
  const uploading = useTranslationDocuments((state) => state.uploading);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [refused, setRefused] = useState<TranslationFailure | undefined>(undefined);
  const [choice, setChoice] = useState<LanguageChoice>({ targetLang: '', sourceLang: '', formality: 'default' });
  const [glossaryId, setGlossaryId] = useState('');
  const [outputFormat, setOutputFormat] = useState<DocumentOutputFormat | ''>('');

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = !isDocumentFile(chosen.name) ? 'type' : chosen.size > MAX_DOCUMENT_BYTES ? 'too-large' : undefined;
    setRefused(problem ? { reason: 'file', problem, maxBytes: MAX_DOCUMENT_BYTES, allowed: DOCUMENT_EXTENSIONS } : undefined);
    setFile(problem ? undefined : chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !choice.targetLang) return;
    void useTranslationDocuments.getState().upload(file, {
      ...requestOf(languages, choice),
      ...(glossaryId.trim() ? { glossaryId: glossaryId.trim() } : {}),
      ...(outputFormat ? { outputFormat } : {}),
    });
  };

  return (
    <form className="translation-doc-form" onSubmit={submit} aria-labelledby="translation-doc-title">
      <Text as="p" className="muted">
        {t('trDocTypes', { max: bytes(MAX_DOCUMENT_BYTES) })}
      </Text>
      <Field label={t('trFile')} required>
        <div className="translation-file-row">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="translation-file-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button icon={<DocumentArrowUp20Regular />} disabled={disabled} onClick={() => input.current?.click()}>
            {t('trChooseFile')}
          </Button>
          <Text data-testid="translation-file-name" className="translation-file-name">
            {file ? file.name : t('trNoFile')}
          </Text>
        </div>
      </Field>
      {refused && <FailureMessage failure={refused} />}
      <LanguageFields languages={languages} choice={choice} onChange={setChoice} />
      <div className="translation-doc-options">
        <Field label={t('trGlossary')} hint={t('trGlossaryHint')}>
          <Input value={glossaryId} onChange={(_event, data) => setGlossaryId(data.value)} />
        </Field>
        <Field label={t('trOutputFormat')}>
          <Select value={outputFormat} onChange={(_event, data) => setOutputFormat(DOCUMENT_OUTPUT_FORMATS.find((format) => format === data.value) ?? '')}>
            <option value="">{t('trSameFormat')}</option>
            {DOCUMENT_OUTPUT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format.toUpperCase()}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div>
        <Button appearance="primary" type="submit" disabled={disabled || !file || !choice.targetLang || uploading !== undefined}>
          {t('trSendDocument')}
        </Button>
      </div>
    </form>
  );
}
