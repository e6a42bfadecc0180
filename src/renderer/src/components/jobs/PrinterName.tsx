import { useText } from '../../i18n';
import { PrinterLabelView } from '../printers/PrinterLabelView';

/** A printer as the journal names it: in words (the virtual one, "Impresora de red 10.0.0.9" with its address). */
export function PrinterName({ printer, layout }: { printer: string | null; layout?: 'inline' | 'stacked' }) {
  const t = useText();
  if (printer === null) return <>{t('automaticPrinter')}</>;
  return <PrinterLabelView printer={printer} {...(layout ? { layout } : {})} />;
}
