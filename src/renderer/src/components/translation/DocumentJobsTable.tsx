import { Badge, Button, Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow, Text, type BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DocumentJobPhase, DocumentJobView } from '../../../../shared/contract/translation-types';
import { useFormats, useText } from '../../i18n';
import { useTranslationDocuments } from '../../stores/translation-documents-store';
import { FailureDetails } from './FailureMessage';
import { languageName } from './language-names';
import './translation-jobs.css';

const PHASE_COLOR: Record<DocumentJobPhase, BadgeProps['color']> = {
  uploading: 'informative',
  queued: 'informative',
  translating: 'brand',
  downloading: 'brand',
  ready: 'success',
  failed: 'danger',
  stopped: 'warning',
};

/**
 * Past document jobs (kept across restarts), newest first, with what can be done with each. Where the page is narrow
 * (800 px) each row stacks into a small card, every value under its own label (translation-jobs.css): four columns
 * there left the document's name three letters wide.
 */
export function DocumentJobsTable({ jobs, disabled }: { jobs: DocumentJobView[]; disabled: boolean }) {
  const t = useText();
  const { dateTime, number } = useFormats();
  const { i18n } = useTranslation();
  const { download, resume, forget } = useTranslationDocuments();
  if (jobs.length === 0) return <Text className="muted">{t('trNoJobs')}</Text>;
  return (
    <div className="translation-jobs-frame">
      <Table aria-label={t('trJobsTitle')} className="fixed-table translation-jobs-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className="translation-col-document">{t('trColDocument')}</TableHeaderCell>
            <TableHeaderCell className="translation-col-language">{t('trColLanguage')}</TableHeaderCell>
            <TableHeaderCell className="translation-col-status">{t('trColStatus')}</TableHeaderCell>
            <TableHeaderCell className="translation-col-actions">{t('actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} data-testid={`translation-job-${job.fileName}`}>
              <TableCell className="translation-col-document">
                <TableCellLayout description={dateTime(Date.parse(job.createdAt))}>{job.fileName}</TableCellLayout>
              </TableCell>
              <TableCell className="translation-col-language" data-label={t('trColLanguage')}>
                <TableCellLayout>{languageName(job.targetLang, i18n.language)}</TableCellLayout>
              </TableCell>
              <TableCell className="translation-col-status" data-label={t('trColStatus')}>
                <div className="translation-job-status">
                  <Badge appearance="tint" color={PHASE_COLOR[job.phase]}>
                    {t(`trPhase_${job.phase}`)}
                  </Badge>
                  {job.phase === 'translating' && job.secondsRemaining !== undefined && <Text size={200}>{t('trSecondsLeft', { count: job.secondsRemaining })}</Text>}
                  {job.billedCharacters !== undefined && job.phase === 'ready' && <Text size={200}>{t('trBilled', { billed: number(job.billedCharacters) })}</Text>}
                  {job.failure && (job.phase === 'failed' || job.phase === 'stopped') && (
                    <div className="translation-job-failure">
                      <FailureDetails failure={job.failure} />
                    </div>
                  )}
                </div>
              </TableCell>
              <TableCell className="translation-col-actions">
                <div className="cell-actions">
                  {job.downloadable && (
                    <Button size="small" disabled={disabled} aria-label={t('trDownloadOf', { name: job.fileName })} onClick={() => void download(job)}>
                      {t('trDownload')}
                    </Button>
                  )}
                  {job.resumable && (
                    <Button size="small" disabled={disabled} onClick={() => void resume(job.id)}>
                      {t('trResume')}
                    </Button>
                  )}
                  {!['uploading', 'queued', 'translating', 'downloading'].includes(job.phase) && (
                    <Button size="small" disabled={disabled} aria-label={t('trForgetOf', { name: job.fileName })} onClick={() => void forget(job.id)}>
                      {t('trForget')}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
