import type { JobSource } from '../../../../shared/contract/job-source';
import { useText } from '../../i18n';
import { useSourceText } from './job-source-text';

/**
 * Kinds whose ticket id the sender chose and the cashier can recognise ("venta-12"): the POS over the WebSocket, the
 * chain's remote printing and the window. The other doors' ids are made here from the server's job token or the
 * page's request ("cloudprnt:…"), which tell the owner nothing: their toast says where the ticket came from instead.
 */
const IDS_THE_SENDER_CHOSE = new Set(['pos', 'fleet', 'window']);

/** The toast's second line: "Trabajo venta-12 · Desde: tpv.cafeole.es (TPV)", or "Desde: pedidos.example.com (pedido en línea, Star CloudPRNT)". */
export function useToastOrigin(): (job: { id: string; source: JobSource | null }) => string {
  const t = useText();
  const sourceText = useSourceText();
  return ({ id, source }) => {
    const from = sourceText(source);
    const parts: string[] = [];
    if (!source || IDS_THE_SENDER_CHOSE.has(source.kind)) parts.push(t('toastJob', { id }));
    if (from !== undefined && source?.kind !== 'window') parts.push(t('sourceFrom', { source: from }));
    return parts.join(' · ');
  };
}
