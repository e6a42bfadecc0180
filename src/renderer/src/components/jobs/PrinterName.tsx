import { useText } from '../../i18n';
import { isVirtualPrinter } from './job-label';

/** A printer as the journal names it: the virtual one in the window's words, others as given (marked as service text). */
export function PrinterName({ printer }: { printer: string | null }) {
  const t = useText();
  if (printer === null) return <>{t('automaticPrinter')}</>;
  if (isVirtualPrinter(printer)) return <>{t('virtualPrinterName')}</>;
  return <span data-service>{printer}</span>;
}
