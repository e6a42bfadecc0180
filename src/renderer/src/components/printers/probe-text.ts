import type { PrinterProbe } from '../../../../shared/contract/printer-probe-types';
import type { TextKey } from '../../i18n';

/** What the printer said about itself, in words: the worst thing first (paper out beats a low roll). */
function stateKey(reading: NonNullable<PrinterProbe['reading']>): TextKey {
  if (reading.paper === 'out') return 'probeState_paperOut';
  if (reading.coverOpen) return 'probeState_coverOpen';
  if (reading.offline) return 'probeState_offline';
  if (reading.paper === 'near-end') return 'probeState_nearEnd';
  return 'probeState_ready';
}

/** A probe's finding as the owner reads it, with the bar's colour. */
export function probeMessage(
  probe: PrinterProbe,
  address: string,
  port: number,
  t: (key: TextKey, values?: Record<string, string | number>) => string,
): { intent: 'success' | 'warning' | 'error' | 'info'; text: string } {
  switch (probe.found) {
    case 'answered-status': {
      const key = stateKey(probe.reading ?? {});
      return { intent: key === 'probeState_ready' || key === 'probeState_nearEnd' ? 'success' : 'warning', text: t('probeFound_answered', { state: t(key) }) };
    }
    case 'answered-not-printer':
      return { intent: 'error', text: t('probeFound_notPrinter', { address }) };
    case 'port-open-silent':
      return { intent: 'warning', text: t('probeFound_silent', { address }) };
    case 'refused':
      return { intent: 'error', text: t('probeFound_refused', { address, port }) };
    case 'nothing-there':
      return { intent: 'error', text: t('probeFound_nothing', { address }) };
    case 'not-lan':
      return { intent: 'error', text: t('probeFound_notLan') };
    case 'busy':
      return { intent: 'info', text: t('probeFound_busy') };
  }
}
