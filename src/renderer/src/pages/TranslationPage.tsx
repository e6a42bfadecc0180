import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { DocumentForm } from '../components/translation/DocumentForm';
import { DocumentJobsTable } from '../components/translation/DocumentJobsTable';
import { DocumentProgress } from '../components/translation/DocumentProgress';
import { FailureMessage } from '../components/translation/FailureMessage';
import { UsagePanel } from '../components/translation/UsagePanel';
import { useText } from '../i18n';
import { useServiceUnreachable } from '../stores/connection-store';
import { useTranslationDocuments } from '../stores/translation-documents-store';
import { useTranslationLanguages } from '../stores/translation-languages-store';
import { TechnicalDetail } from './page-parts';
import { openSettingsAt } from '../components/settings/optional-services';
import { TranslationServiceWords } from '../components/translation/TranslationServiceWords';

/** Settings opens at the translation key (its address is in the same section), not at its top. */
const openKeySettings = (): void => openSettingsAt('translationApiKey');

/** Documents to translate (with progress, download and the list of past jobs) and what translation has cost. */
export function TranslationPage() {
  const t = useText();
  const documents = useTranslationDocuments();
  const languages = useTranslationLanguages();
  const unreachable = useServiceUnreachable();
  useEffect(() => {
    void useTranslationDocuments.getState().load();
    // A key entered since the last visit: ask for the languages again.
    void useTranslationLanguages.getState().load(true);
    return () => useTranslationDocuments.getState().stop();
  }, []);

  const usage = documents.usage;
  const noKey = usage !== undefined && !usage.keySet;
  const current = documents.jobs.find((job) => job.id === documents.current);
  const languagesFailure = languages.failure && !(languages.failure.reason === 'service' && languages.failure.failure.kind === 'key-missing') ? languages.failure : undefined;

  return (
    <section className="page translation-page" aria-labelledby="translation-title">
      <div className="page-head">
        <h2 id="translation-title">{t('translation')}</h2>
        <Button onClick={() => void documents.load()}>{t('trReload')}</Button>
      </div>
      <Text as="p" className="muted">
        {t('trPageIntro')}
      </Text>
      {/* Which service and what its key is: said once, as a warning with the way to the key while it is missing. */}
      {noKey ? (
        <MessageBar intent="warning" layout="multiline" data-testid="translation-no-key">
          <MessageBarBody>
            <MessageBarTitle>{t('trNoKeyTitle')}</MessageBarTitle>
            <TranslationServiceWords />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={openKeySettings}>{t('trOpenSettings')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <Text as="p">
          <TranslationServiceWords />
        </Text>
      )}
      {documents.error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {t('problemFailed')}
            <TechnicalDetail detail={documents.error} />
          </MessageBarBody>
        </MessageBar>
      )}
      <div className="translation-grid">
        {/* Without a key there is nothing to choose from: the warning above says what to do. */}
        {!noKey && (
          <section className="translation-card" aria-labelledby="translation-doc-title">
            <h3 id="translation-doc-title">{t('trDocTitle')}</h3>
            {languagesFailure && <FailureMessage failure={languagesFailure} onOpenSettings={openKeySettings} />}
            {languages.languages?.stale && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('trLanguagesStale')}</MessageBarBody>
              </MessageBar>
            )}
            {languages.loading && !languages.languages && <Spinner size="tiny" label={t('trLoadingLanguages')} />}
            {languages.languages && <DocumentForm languages={languages.languages} disabled={unreachable} />}
            {documents.failure && <FailureMessage failure={documents.failure} />}
            <DocumentProgress job={current} uploading={documents.uploading} />
          </section>
        )}
        <section className="translation-card" aria-labelledby="translation-usage-title">
          <h3 id="translation-usage-title">{t('trUsageTitle')}</h3>
          {usage ? <UsagePanel usage={usage} /> : <Spinner size="tiny" label={t('loading')} />}
        </section>
      </div>
      <section className="translation-card" aria-labelledby="translation-jobs-title">
        <h3 id="translation-jobs-title">{t('trJobsTitle')}</h3>
        <Text as="p" size={200} className="muted">
          {t('trJobsHint')}
        </Text>
        <DocumentJobsTable jobs={documents.jobs} disabled={unreachable} />
      </section>
    </section>
  );
}
