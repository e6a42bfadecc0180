import { printerForPosId, type PosId, type PosTarget } from '../intake/pos-ids';
import { LOCAL_PRINTER } from './epos-protocol';

/** A device id for ePOS apps' `devid`: the printer's POS id, shared with the WebPRNT door. */
export type EposDevice = PosId;

/** The printer a `devid` names: `local_printer` (what Odoo always sends, Epson's name for a printer's own) is the default. */
export const printerForDevice = (devid: string, devices: readonly EposDevice[]): PosTarget => printerForPosId(devid, devices, LOCAL_PRINTER);
