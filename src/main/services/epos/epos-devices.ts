import { LOCAL_PRINTER } from './epos-protocol';

/** A device id the owner gave a printer in the window ("cocina" → the kitchen printer), for ePOS apps' `devid`. */
export interface EposDevice {
  id: string;
  /** A printer name or URI, as the window's printer list names it. */
  printer: string;
}

export type DeviceTarget = { found: true; printer: string | undefined } | { found: false };

/**
 * The printer a `devid` names: `local_printer` (what Odoo always sends, what Epson calls a printer's own) is the default
 * printer unless the owner gave that id to another one; other ids are the owner's, compared without case as Epson's
 * device ids are typed by hand into a POS.
 */
export function printerForDevice(devid: string, devices: readonly EposDevice[]): DeviceTarget {
  const wanted = devid.trim().toLowerCase();
  const named = devices.find((device) => device.id.toLowerCase() === wanted);
  if (named) return { found: true, printer: named.printer };
  if (wanted === LOCAL_PRINTER) return { found: true, printer: undefined };
  return { found: false };
}
