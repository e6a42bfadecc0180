import { Badge, makeStyles } from '@fluentui/react-components';
import type { PrinterState } from '../../../../shared/printer-status/printer-state';
import { useText } from '../../i18n';
import { stateBadgeOf } from './live-state';

const useStyles = makeStyles({
  // A long state ("Lista para pruebas (no imprime en papel)") wraps inside its pill in a narrow table column, never out of it.
  badge: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', paddingBlock: '1px' },
});

/** A printer's state as one badge, the same words and colour wherever it shows. */
export function PrinterStateBadge({ state, appearance = 'filled', testId = 'printer-state' }: { state: PrinterState; appearance?: 'filled' | 'tint'; testId?: string }) {
  const t = useText();
  const styles = useStyles();
  const badge = stateBadgeOf(state);
  return (
    <Badge className={styles.badge} appearance={appearance} color={badge.color} data-testid={testId} data-state={state}>
      {t(badge.text)}
    </Badge>
  );
}
