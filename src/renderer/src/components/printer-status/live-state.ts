import type { BadgeProps } from '@fluentui/react-components';
import type { PrinterLiveStatus } from '../../../../shared/printer-status/live-status';
import type { TextKey } from '../../i18n';

export interface LiveState {
  text: TextKey;
  color: Extract<BadgeProps['color'], 'success' | 'warning' | 'danger' | 'informative'>;
}

/** A printer's own word in one badge, the most urgent problem first: what stops printing, then what soon will. */
export function liveStateOf(status: PrinterLiveStatus): LiveState {
  if (status.link === 'unknown') return { text: 'liveState_checking', color: 'informative' };
  if (status.link === 'silent') return { text: 'liveState_offline', color: 'danger' };
  if (status.paper === 'out') return { text: 'liveState_paperOut', color: 'danger' };
  if (status.coverOpen) return { text: 'liveState_coverOpen', color: 'danger' };
  if (status.faults.length > 0) return { text: 'liveState_error', color: 'danger' };
  if (status.offline) return { text: 'liveState_notReady', color: 'warning' };
  if (status.paper === 'near-end') return { text: 'liveState_paperLow', color: 'warning' };
  return { text: 'liveState_ready', color: 'success' };
}

export const PAPER_TEXT: Record<PrinterLiveStatus['paper'], TextKey> = { ok: 'livePaper_ok', 'near-end': 'livePaper_low', out: 'livePaper_out' };

export const drawerText = (drawerOpen: boolean | null): TextKey =>
  drawerOpen === null ? 'liveDrawer_unknown' : drawerOpen ? 'liveDrawer_open' : 'liveDrawer_closed';
