import type { JobDetail, JobSummary } from '../../../shared/contract/types';
import type { JobPrint, JobRecord } from '../journal/job-record';

export function jobSummaryOf(record: JobRecord): JobSummary {
  return {
    id: record.id,
    state: record.state,
    resultText: record.resultText,
    requestedPrinter: record.requestedPrinter,
    printerUri: record.printerUri,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    reprints: record.reprints,
    outcome: record.outcome,
    source: record.source,
  };
}

export const jobDetailOf = (record: JobRecord, earlierPrints: JobPrint[] = []): JobDetail => ({
  ...jobSummaryOf(record),
  datos: record.datos,
  reprintedAt: record.requeuedAt,
  earlierPrints,
  printedModel: record.printedModel,
});
