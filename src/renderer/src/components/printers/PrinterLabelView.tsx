import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { printerLabelOf } from './printer-label';

const useStyles = makeStyles({
  // Wraps even inside a truncating table cell: a cut "tcp://10.0.0.9:91…" could be either of two printers.
  label: { display: 'inline-flex', flexDirection: 'column', minWidth: 0, maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere', verticalAlign: 'top' },
  inline: { display: 'inline', flexDirection: 'row' },
  // Secondary: smaller, lighter and never bold, even inside a bold title.
  address: { fontFamily: 'ui-monospace, Consolas, monospace', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
  inlineAddress: { marginLeft: '0.4em' },
});

interface Props {
  printer: string;
  /** `stacked` (lists, tables): the address on a line of its own; `inline`: after the name, in brackets. */
  layout?: 'inline' | 'stacked';
}

/**
 * A printer by a name the owner understands ("Impresora de red 10.0.0.9"), with its address as secondary text,
 * never cut. A system queue's own name and the address are data, marked `data-service` (not texts of the window).
 */
export function PrinterLabelView({ printer, layout = 'stacked' }: Props) {
  const t = useText();
  const styles = useStyles();
  const label = printerLabelOf(printer, t);
  const inline = layout === 'inline';
  return (
    <span className={mergeClasses(styles.label, inline && styles.inline)} title={label.address ? `${label.name} · ${printer}` : label.name} data-testid="printer-label">
      <span {...(label.systemName ? { 'data-service': true } : {})}>{label.name}</span>
      {label.address && (
        <span className={mergeClasses(styles.address, inline && styles.inlineAddress)} data-service>
          {inline ? `(${label.address})` : label.address}
        </span>
      )}
    </span>
  );
}
