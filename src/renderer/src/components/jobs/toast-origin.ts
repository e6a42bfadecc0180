import type { JobSource } from '../../../../shared/contract/job-source';
import { useText } from '../../i18n';
import { useSourceText } from './job-source-text';

/**
 * Kinds whose ticket id the sender chose and the cashier can recognise ("venta-12"): the POS over the WebSocket and
 * the chain's remote printing. The other doors' ids are made here from the server's job token or the page's request
 * ("cloudprnt:…"), which tell the owner nothing: their toast says where the ticket came from instead.
 */
const IDS_THE_SENDER_CHOSE = new Set(['pos', 'fleet']);

/**
 * The toast's line on where a ticket came from: "Trabajo venta-12 · Desde: tpv.cafeole.es (TPV)", or "Desde:
 * pedidos.example.com (pedido en línea, Star CloudPRNT)". Empty for the window's own tickets: the owner just pressed
 * the button, and their id is a made-up number.
 */
export function useToastOrigin(): (job: { id: string; source: JobSource | null }) => string {
  const t = useText();
  const sourceText = useSourceText();
  return ({ id, source }) => {
    if (source?.kind === 'window') return '';
    const from = sourceText(source);
    const parts: string[] = [];
    if (!source || IDS_THE_SENDER_CHOSE.has(source.kind)) parts.push(t('toastJob', { id }));
    if (from !== undefined) parts.push(t('sourceFrom', { source: from }));
    return parts.join(' · ');
  };
}
