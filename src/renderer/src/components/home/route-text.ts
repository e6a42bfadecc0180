import type { PrintRoute } from '../../../../shared/contract/types';
import type { TextKey } from '../../i18n';

/** Why jobs go where they go, in the shop owner's words. */
export const ROUTE_REASON: Record<PrintRoute['reason'], TextKey> = {
  configured: 'homeRouteConfigured',
  'system-default': 'homeRouteSystemDefault',
  'first-thermal': 'homeRouteFirstThermal',
  virtual: 'homeRouteVirtual',
};

/** The virtual printer is named in the window's language; any other name or URI is shown as it is. */
export const isVirtualTarget = (route: PrintRoute): boolean => route.virtual;
