import { Button, Field, ProgressBar, Text } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useRef } from 'react';
import type { DocumentJobView } from '../../../../shared/contract/translation-types';
import { useFormats, useText } from '../../i18n';
import { isRunning, useTranslationDocuments } from '../../stores/translation-documents-store';
import { FailureMessage } from './FailureMessage';

/**
 * The document being translated now: a progress bar with its state and the service's estimate (the bar fills as the
 * seconds left go down from the first estimate), then what it cost and "Download", or what went wrong.
 */
export function DocumentProgress({ job, uploading }: { job: DocumentJobView | undefined; uploading: string | undefined }) {
  const t = useText();
  const { number } = useFormats();
  const firstEstimate = useRef(new Map<string, number>());
  const download = useTranslationDocuments((state) => state.download);

  if (uploading) {
    return (
      <Field label={`${uploading} · ${t('trPhase_uploading')}`} className="translation-progress" data-testid="translation-progress">
        <ProgressBar />
      </Field>
    );
  }
  if (!job) return null;
  let value: number | undefined;
  if (job.phase === 'translating' && job.secondsRemaining !== undefined) {
    const first = Math.max(firstEstimate.current.get(job.id) ?? 0, job.secondsRemaining);
    firstEstimate.current.set(job.id, first);
    value = Math.min(0.95, 1 - job.secondsRemaining / (first + 1));
  }
  const status = [t(`trPhase_${job.phase}`), ...(job.phase === 'translating' && job.secondsRemaining !== undefined ? [t('trSecondsLeft', { count: job.secondsRemaining })] : [])].join(' · ');
  return (
    <div className="translation-progress" data-testid="translation-progress" data-phase={job.phase}>
      {isRunning(job) && (
        <Field label={`${job.fileName} · ${status}`}>
          <ProgressBar {...(value !== undefined ? { value } : {})} />
        </Field>
      )}
      {job.phase === 'ready' && (
        <div className="translation-progress-done">
          <Field label={`${job.fileName} · ${status}`} validationState="success" validationMessage={job.billedCharacters !== undefined ? t('trBilled', { billed: number(job.billedCharacters) }) : undefined}>
            <ProgressBar value={1} color="success" />
          </Field>
          {job.downloadable ? (
            <Button appearance="primary" icon={<ArrowDownload20Regular />} onClick={() => void download(job)} aria-label={t('trDownloadOf', { name: job.fileName })}>
              {t('trDownload')}
            </Button>
          ) : (
            <Text>{t('trDownloadGone')}</Text>
          )}
        </div>
      )}
      {(job.phase === 'failed' || job.phase === 'stopped') && (
        <>
          <Text weight="semibold">{`${job.fileName} · ${status}`}</Text>
          {job.failure && <FailureMessage failure={job.failure} />}
        </>
      )}
    </div>
  );
}
