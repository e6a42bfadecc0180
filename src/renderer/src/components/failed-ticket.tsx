import { makeStyles, tokens } from '@fluentui/react-components';
import { DOCUMENT_CATEGORIES, type ErrorCategory } from '../../../shared/protocol';
import { useText, type TextKey } from '../i18n';
import { jobResultOf } from '../pages/job-result';
import { useStatusStore } from '../stores/status-store';
import { printerLabelOf } from './printers/printer-label';

/** What the owner reads for each kind of failure the service reports (shared/protocol.ts categories). */
function sentenceKeyOf(category: ErrorCategory): TextKey {
  if (DOCUMENT_CATEGORIES.has(category)) return 'failedDocument';
  if (category === 'PRINTER') return 'failedPrinter';
  if (category === 'AUDIT') return 'failedAudit';
  return 'failedService';
}

/**
 * The printer as the rest of the window names it. A ticket refused before it reached a printer names none: it was
 * for the one tickets go to now (Home's route), or, not known yet, "the default printer".
 */
export function usePrinterName(): (uri: string | null) => string {
  const t = useText();
  const route = useStatusStore((state) => state.status?.overview?.route);
  const routed = route ? (route.virtual ? 'virtual' : route.target) : null;
  return (uri) => {
    const printer = uri ?? routed;
    return printer === null ? t('failedDefaultPrinter') : printer === 'virtual' ? t('homeVirtualPrinter') : printerLabelOf(printer, t).name;
  };
}

/**
 * A failed ticket in one plain sentence of the window's language, with the printer's name and what to do: `summary`
 * is the failure's short name (useResultText). The service's own English words are only for the detail.
 */
export function useFailedSentence(): (resultText: string, summary: string, printerUri: string | null) => string {
  const t = useText();
  const printerName = usePrinterName();
  return (resultText, summary, printerUri) => {
    const result = jobResultOf(resultText);
    const printer = printerName(printerUri);
    if (result.kind !== 'failed') return t('failedOther', { printer });
    return t(sentenceKeyOf(result.category), { what: summary, printer });
  };
}

const useStyles = makeStyles({
  detail: { marginTop: '4px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  summary: { cursor: 'pointer', width: 'fit-content' },
  words: { display: 'block', overflowWrap: 'anywhere', marginTop: '2px' },
});

/** The service's technical words, folded away under "Detalle" (opened by the owner or whoever helps them). */
export function FailedDetail({ detail }: { detail: string }) {
  const t = useText();
  const styles = useStyles();
  return (
    <details className={styles.detail} data-testid="print-toast-detail">
      <summary className={styles.summary}>{t('failedDetail')}</summary>
      <span className={styles.words} lang="en" data-service>
        {detail}
      </span>
    </details>
  );
}
