import type { PrintRoute } from '../../../../shared/contract/types';
import type { TextKey } from '../../i18n';

/** Why jobs go where they go, in the shop owner's words. */
export const ROUTE_REASON: Record<PrintRoute['reason'], TextKey> = {
  configured: 'homeRouteConfigured',
  'system-default': 'homeRouteSystemDefault',
  'first-thermal': 'homeRouteFirstThermal',
  virtual: 'homeRouteVirtual',
};

export const ROUTE_STATUS: Record<PrintRoute['status'], { text: TextKey; color: 'success' | 'warning' | 'danger' | 'informative' }> = {
  ready: { text: 'homePrinterReady', color: 'success' },
  paused: { text: 'homePrinterPaused', color: 'warning' },
  offline: { text: 'homePrinterOffline', color: 'danger' },
  error: { text: 'homePrinterError', color: 'danger' },
  unknown: { text: 'homePrinterUnknown', color: 'informative' },
  missing: { text: 'homePrinterMissing', color: 'danger' },
};

/** The virtual printer is named in the window's language; any other name or URI is shown as it is. */
export const isVirtualTarget = (route: PrintRoute): boolean => route.virtual;
