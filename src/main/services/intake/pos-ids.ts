/** A POS id the owner gave a printer in the window ("cocina" → the kitchen printer), for Epson and Star POS apps. */
export interface PosId {
  id: string;
  /** A printer name or URI, as the window's printer list names it. */
  printer: string;
}

export type PosTarget = { found: true; printer: string | undefined } | { found: false };

/**
 * The printer a POS id names: the owner's ids first, compared without case (they are typed by hand into a POS); then
 * the protocol's own name for "this printer" (`local_printer` for ePOS, no id for WebPRNT) is the default printer
 * (`printer` undefined); anything else names no printer.
 */
export function printerForPosId(id: string, ids: readonly PosId[], defaultId: string): PosTarget {
  const wanted = id.trim().toLowerCase();
  const named = ids.find((entry) => entry.id.toLowerCase() === wanted);
  if (named) return { found: true, printer: named.printer };
  if (wanted === defaultId) return { found: true, printer: undefined };
  return { found: false };
}
