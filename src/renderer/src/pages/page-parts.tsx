import { MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { JobState, JobSummary } from '../../../shared/contract/types';
import type { PrinterStatus, PrinterType } from '../../../shared/printers';
import { BLOCKER_TEXTS, type PrintBlocker } from '../../../shared/printer-status/live-status';
import { DOCUMENT_CATEGORIES, type ErrorCategory } from '../../../shared/protocol';
import { jobResultOf } from './job-result';
import { printerStopIn } from './printer-stop';
import { printerLabelOf } from '../components/printers/printer-label';
import { useText, type TextKey } from '../i18n';
import type { Problem } from '../stores/store-problem';

/**
 * The service's words mapped to the window's language. The service answers in English (or in both languages at
 * once); the window never shows those texts as they are, only its own ones chosen by state, code or category.
 */

export const PRINTER_STATUS_TEXT: Record<PrinterStatus, TextKey> = {
  ready: 'printerStatus_ready',
  offline: 'printerStatus_offline',
  error: 'printerStatus_error',
  paused: 'printerStatus_paused',
  unknown: 'printerStatus_unknown',
};

export const PRINTER_TYPE_TEXT: Record<PrinterType, TextKey> = {
  thermal: 'printerType_thermal',
  virtual: 'printerType_virtual',
  network: 'printerType_network',
  unknown: 'printerType_unknown',
};

export const JOB_STATE_TEXT: Record<JobState, TextKey> = {
  queued: 'jobState_queued',
  printing: 'jobState_printing',
  success: 'jobState_success',
  error: 'jobState_error',
};

/** Signed out ('unauthorized') has no bar of its own: the window's one "Sign in again" banner says it. */
const PROBLEM_TEXT: Record<Exclude<Problem['code'], 'unauthorized'>, TextKey> = {
  unreachable: 'problemUnreachable',
  forbidden: 'problemForbidden',
  'invalid-input': 'problemInvalid',
  'unknown-method': 'problemFailed',
  failed: 'problemFailed',
};

const RESULT_TEXT: Record<ErrorCategory, TextKey> = {
  VALIDATION: 'result_VALIDATION',
  PRINTER: 'result_PRINTER',
  QR: 'result_QR',
  BARCODE: 'result_BARCODE',
  TABLE: 'result_TABLE',
  RAW: 'result_RAW',
  IMAGE: 'result_IMAGE',
  COMMAND: 'result_COMMAND',
  JSON: 'result_JSON',
  AUDIT: 'result_AUDIT',
  EXECUTION: 'result_EXECUTION',
  ERROR: 'result_ERROR',
};

export { jobResultOf, type JobResult } from './job-result';

export const PRINTER_BLOCKER_TEXT: Record<PrintBlocker, TextKey> = {
  'paper-out': 'blocker_paper_out',
  'cover-open': 'blocker_cover_open',
  fault: 'blocker_fault',
  silent: 'blocker_silent',
};

const STOP_TEXT = { refused: 'stopRefused', held: 'stopHeld', 'not-sent': 'stopNotSent' } as const satisfies Record<string, TextKey>;

const STOP_FIX: Record<PrintBlocker, TextKey> = {
  'paper-out': 'stopFix_paper_out',
  'cover-open': 'stopFix_cover_open',
  fault: 'stopFix_fault',
  silent: 'stopFix_silent',
};

/** Which printer problem a `PRINTER:` detail names (the service writes BLOCKER_TEXTS' words into it), if any. */
export function printerBlockerIn(detail: string): PrintBlocker | undefined {
  return (Object.keys(BLOCKER_TEXTS) as PrintBlocker[]).find((blocker) => detail.includes(BLOCKER_TEXTS[blocker]));
}

/** Whether reprinting can succeed, and if not the reason to show instead of the button. */
export function reprintBlocker(job: Pick<JobSummary, 'state' | 'resultText'>): TextKey | undefined {
  if (job.state === 'queued' || job.state === 'printing') return 'reprintAfterFinish';
  const result = jobResultOf(job.resultText);
  return result.kind === 'failed' && DOCUMENT_CATEGORIES.has(result.category) ? 'reprintNotPossible' : undefined;
}

/**
 * A result as a localized summary plus the technical detail (the service's words) as secondary text; a ticket the
 * printer stopped also gets `explanation`: what happened and what to do, with the printer's name, in the window's
 * language (the detail is the POS's bilingual text with the address, for the "Technical detail" only).
 */
export function useResultText(): (text: string | null) => { summary: string; detail: string | undefined; explanation?: string } {
  const t = useText();
  return (text) => {
    const result = jobResultOf(text);
    switch (result.kind) {
      case 'none':
        return { summary: '—', detail: undefined };
      case 'printed':
        // What happened, not how many milliseconds it took: the owner asks "did it come out?" (issue 32).
        return { summary: t('printedIn'), detail: undefined };
      case 'printed-confirmed':
        return { summary: t('printedConfirmedIn'), detail: undefined };
      case 'delivered':
        return { summary: t('deliveredIn'), detail: undefined };
      case 'interrupted':
        return { summary: t('resultInterrupted'), detail: undefined };
      case 'cancelled':
        return { summary: t('resultCancelled'), detail: undefined };
      case 'failed': {
        // The printer's own reason (out of paper, cover open…) says more than "the printer is not available".
        const blocker = result.category === 'PRINTER' ? printerBlockerIn(result.detail) : undefined;
        const summary = t(blocker ? PRINTER_BLOCKER_TEXT[blocker] : RESULT_TEXT[result.category]);
        const stop = result.category === 'PRINTER' ? printerStopIn(result.detail) : undefined;
        if (stop === undefined) return { summary, detail: result.detail };
        const explanation = t(STOP_TEXT[stop.how], {
          reason: blocker ? summary : t('stopReasonOther'),
          printer: printerLabelOf(stop.uri, t).name,
          fix: t(blocker ? STOP_FIX[blocker] : 'stopFix_fault'),
        });
        return { summary, detail: result.detail, explanation };
      }
      case 'other':
        return { summary: t('resultOther'), detail: result.detail };
    }
  };
}

type PluralBase = { [K in TextKey]: K extends `${infer B}_one` ? (`${B}_other` extends TextKey ? B : never) : never }[TextKey];

/** `plural('printersFound', 3)`: the `_one` or `_other` text by the language's plural rules, `{{count}}` formatted. */
export function usePlural(): (base: PluralBase, count: number) => string {
  const t = useText();
  const { i18n } = useTranslation();
  const rules = new Intl.PluralRules(i18n.language);
  const number = new Intl.NumberFormat(i18n.language);
  return (base, count) => {
    const key: TextKey = rules.select(count) === 'one' ? `${base}_one` : `${base}_other`;
    return t(key, { count: number.format(count) });
  };
}

/** A failed call: what happened in the window's language, the service's words below as technical detail. */
export function ProblemBar({ problem, title, testId }: { problem: Problem; title?: string; testId?: string }) {
  const t = useText();
  // Signed out: the window's one "Sign in again" banner (ConnectionBanner) says it, with its button; no second bar.
  if (problem.code === 'unauthorized') return null;
  const { code } = problem;
  return (
    <MessageBar intent="error" role="alert" data-testid={testId} layout="multiline">
      <MessageBarBody>
        {title && <MessageBarTitle>{title}</MessageBarTitle>}
        {t(PROBLEM_TEXT[code])}
        {problem.detail !== '' && <TechnicalDetail detail={problem.detail} />}
      </MessageBarBody>
    </MessageBar>
  );
}

/** The service's own words (English, technical) under the window's summary, marked as such. */
export function TechnicalDetail({ detail, mono = false }: { detail: string; mono?: boolean }) {
  const t = useText();
  return (
    <Text as="p" size={200} className="detail">
      {t('technicalDetail')}:{' '}
      <span className={mono ? 'mono' : undefined} data-service>
        {detail}
      </span>
    </Text>
  );
}
