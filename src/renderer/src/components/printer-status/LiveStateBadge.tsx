import { Badge } from '@fluentui/react-components';
import type { PrinterLiveStatus } from '../../../../shared/printer-status/live-status';
import { useText } from '../../i18n';
import { liveStateOf } from './live-state';

/** "Ready", "Out of paper", "Cover open", "Not answering"…: what the printer itself last said. */
export function LiveStateBadge({ status, appearance = 'filled' }: { status: PrinterLiveStatus; appearance?: 'filled' | 'tint' }) {
  const t = useText();
  const state = liveStateOf(status);
  return (
    <Badge appearance={appearance} color={state.color} data-testid="live-state" data-state={state.text}>
      {t(state.text)}
    </Badge>
  );
}
