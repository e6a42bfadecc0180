import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { JobSummary } from '../../../../shared/contract/types';
import { useFormats, useText } from '../../i18n';
import { reprintBlocker, useResultText } from '../../pages/page-parts';
import { HeldJobActions } from '../held/HeldJobActions';
import { isHeld, jobLabelOf, shortId } from './job-label';
import { PrinterName } from './PrinterName';
import { useSourceText } from './job-source-text';

interface Props {
  jobs: JobSummary[];
  onOpen(id: string): void;
  /** Reprints a finished job; for a held one it is "Print now". */
  onReprint(id: string): void;
  onDiscard(id: string): void;
}

/**
 * One page of jobs: when, which sale and from where, state, result in words, printer, and what can be done with each
 * (a held one: print or discard).
 */
export function JobsTable({ jobs, onOpen, onReprint, onDiscard }: Props) {
  const t = useText();
  const { dateTime } = useFormats();
  const resultText = useResultText();
  const sourceText = useSourceText();
  return (
    <Table aria-label={t('jobs')} className="fixed-table jobs-table">
      <TableHeader>
        <TableRow>
          <TableHeaderCell className="col-created">{t('created')}</TableHeaderCell>
          <TableHeaderCell className="col-state">{t('status')}</TableHeaderCell>
          <TableHeaderCell className="col-result">{t('result')}</TableHeaderCell>
          <TableHeaderCell className="col-printer">{t('printer')}</TableHeaderCell>
          <TableHeaderCell className="col-actions">{t('actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => {
          const result = resultText(job.resultText);
          const label = jobLabelOf(job);
          const from = sourceText(job.source);
          const source = from === undefined ? undefined : t('sourceFrom', { source: from });
          return (
            <TableRow key={job.id} data-testid={`job-${job.id}`}>
              <TableCell>
                <TableCellLayout
                  truncate
                  description={
                    <>
                      {/* The receipt's own first line ("Mesa 4 · Total 12,50 €"): which sale it is. The id stays in the details. */}
                      {job.preview?.[0] !== undefined ? (
                        <span className="job-row-line" title={job.preview[0]} data-service data-testid={`job-preview-${job.id}`}>
                          {job.preview[0]}
                        </span>
                      ) : (
                        <span className="job-row-line mono" data-service>
                          {shortId(job.id)}
                        </span>
                      )}
                      {/* Which POS sent it ("Desde: tpv.cafeole.es (TPV)"): the printer column is gone at 800 px, this one stays. */}
                      {source !== undefined && (
                        <span className="job-row-line job-row-source" data-testid={`job-source-${job.id}`}>
                          {source}
                        </span>
                      )}
                    </>
                  }
                >
                  {dateTime(job.createdAt)}
                </TableCellLayout>
              </TableCell>
              <TableCell>
                <Badge appearance="tint" color={label.color}>
                  {t(label.text)}
                </Badge>
                {job.reprints > 0 && (
                  <span className="times" title={t('timesPrinted', { count: job.reprints + 1 })}>
                    {' '}
                    ×{job.reprints + 1}
                  </span>
                )}
              </TableCell>
              <TableCell className="cell-result">
                <TableCellLayout
                  truncate
                  description={
                    result.explanation !== undefined ? (
                      <span title={result.explanation} data-testid={`job-explanation-${job.id}`}>
                        {result.explanation}
                      </span>
                    ) : (
                      result.detail && (
                        <span title={result.detail} data-service>
                          {result.detail}
                        </span>
                      )
                    )
                  }
                >
                  <span title={result.summary}>{result.summary}</span>
                </TableCellLayout>
              </TableCell>
              <TableCell className="col-printer">
                <TableCellLayout truncate>
                  <PrinterName printer={job.printerUri ?? job.requestedPrinter} />
                </TableCellLayout>
              </TableCell>
              <TableCell>
                <div className="cell-actions">
                  <Button size="small" onClick={() => onOpen(job.id)}>
                    {t('details')}
                  </Button>
                  {isHeld(job) ? (
                    <HeldJobActions
                      ticketName={t('heldTicketAt', { time: dateTime(job.createdAt) })}
                      onPrintNow={() => onReprint(job.id)}
                      onDiscard={() => onDiscard(job.id)}
                    />
                  ) : (
                    !reprintBlocker(job) && (
                      <Button size="small" onClick={() => onReprint(job.id)}>
                        {t('reprint')}
                      </Button>
                    )
                  )}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
