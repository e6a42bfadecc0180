import type { PrinterLiveStatus } from '../../../../shared/printer-status/live-status';
import { printerStateOf } from '../../../../shared/printer-status/printer-state';
import { PrinterStateBadge } from './PrinterStateBadge';

/** "Ready", "Out of paper", "Cover open", "Offline"…: what the printer itself last said. */
export function LiveStateBadge({ status, appearance = 'filled' }: { status: PrinterLiveStatus; appearance?: 'filled' | 'tint' }) {
  return <PrinterStateBadge state={printerStateOf({ virtual: false, live: status })} appearance={appearance} testId="live-state" />;
}
