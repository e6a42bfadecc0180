import type { BadgeProps } from '@fluentui/react-components';
import type { PrinterLiveStatus } from '../../../../shared/printer-status/live-status';
import { PRINTER_STATE_LEVEL, printerStateOf, type PrinterState, type PrinterStateLevel } from '../../../../shared/printer-status/printer-state';
import type { TextKey } from '../../i18n';

export interface LiveState {
  text: TextKey;
  color: Extract<BadgeProps['color'], 'success' | 'warning' | 'danger' | 'informative'>;
}

/** Each state's words: the same on Home, the header, the Printers page (see shared/printer-status/printer-state.ts). */
export const PRINTER_STATE_TEXT: Record<PrinterState, TextKey> = {
  ready: 'liveState_ready',
  'paper-low': 'liveState_paperLow',
  'not-ready': 'liveState_notReady',
  'paper-out': 'liveState_paperOut',
  'cover-open': 'liveState_coverOpen',
  error: 'liveState_error',
  offline: 'liveState_offline',
  paused: 'liveState_paused',
  checking: 'liveState_checking',
  unknown: 'liveState_unknown',
  missing: 'liveState_missing',
  virtual: 'liveState_virtual',
};

export const LEVEL_COLOR: Record<PrinterStateLevel, LiveState['color']> = { ok: 'success', warning: 'warning', error: 'danger', info: 'informative' };

/** A state in one badge's words and colour. */
export const stateBadgeOf = (state: PrinterState): LiveState => ({ text: PRINTER_STATE_TEXT[state], color: LEVEL_COLOR[PRINTER_STATE_LEVEL[state]] });

/** A printer's own word in one badge (a printer that reads back and is not the virtual one). */
export const liveStateOf = (status: PrinterLiveStatus): LiveState => stateBadgeOf(printerStateOf({ virtual: false, live: status }));

export const PAPER_TEXT: Record<PrinterLiveStatus['paper'], TextKey> = { ok: 'livePaper_ok', 'near-end': 'livePaper_low', out: 'livePaper_out' };

export const drawerText = (drawerOpen: boolean | null): TextKey =>
  drawerOpen === null ? 'liveDrawer_unknown' : drawerOpen ? 'liveDrawer_open' : 'liveDrawer_closed';
