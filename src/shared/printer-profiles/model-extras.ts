import type { BuzzerCommand } from './printer-profile';

/**
 * What the receipt-printer-encoder table does not say, kept by hand per model id: the buzzer command, the drawer
 * connector, Chinese mode at power-up, and friendly names. From the makers' command references: Epson lists
 * `ESC ( A` fn 48 for the TM-T20/T70/T88IV+/m30/P20 series; Xprinter, POS-5890/8360 and Youku clones document
 * `ESC B n t` and ship with Chinese mode on; Sunmi, Bixolon SRP-350, Citizen CT-S310II, the old TM-T88II/III and
 * the other listed models have no buzzer driven by ESC/POS. Star models with a drive (DK) port ring a buzzer unit
 * plugged into it (Star's BU01 / mC-Sound) with `ESC GS EM`; the SM-L200 has no such port.
 */
export interface ModelExtras {
  buzzer: BuzzerCommand;
  drawer: boolean;
  kanjiMode: boolean;
  aliases: readonly string[];
}

const EPSON_BUZZER = ['epson-tm-t20ii', 'epson-tm-t20iii', 'epson-tm-t20iv', 'epson-tm-t70', 'epson-tm-t70ii', 'epson-tm-t88iv', 'epson-tm-t88v', 'epson-tm-t88vi', 'epson-tm-t88vii', 'epson-tm-m30ii', 'epson-tm-m30iii', 'epson-tm-p20ii'];
const CLONES = ['xprinter-xp-n160ii', 'xprinter-xp-t80q', 'pos-5890', 'pos-8360', 'youku-58t'];
/** Mobile and built-in printers with no drawer connector. */
const NO_DRAWER = ['epson-tm-p20ii', 'meow', 'mpt-ii', 'sunmi', 'sunmi-p2se', 'sunmi-p3h', 'sunmi-p3kh', 'sunmi-p3mix', 'star-sm-l200', 'youku-58t'];

const ALIASES: Readonly<Record<string, readonly string[]>> = {
  'epson-tm-t88vi': ['tm-t88'],
  'epson-tm-t20iii': ['tm-t20'],
  'epson-tm-m30iii': ['tm-m30'],
  'xprinter-xp-n160ii': ['xprinter'],
  'pos-5890': ['pos58', 'zjiang-5890'],
  'pos-8360': ['pos80', 'zjiang-8360'],
  'bixolon-srp350': ['srp-350'],
  'citizen-ct-s310ii': ['ct-s310ii', 'ct-s310'],
  'star-tsp100iv': ['tsp100', 'tsp143'],
  'star-mc-print2': ['mc-print2', 'mc-print'],
};

function buzzerOf(id: string, clone: boolean, drawer: boolean): BuzzerCommand {
  if (EPSON_BUZZER.includes(id)) return 'epson';
  if (clone) return 'esc-b';
  return id.startsWith('star-') && drawer ? 'star-external' : 'none';
}

export function extrasFor(id: string): ModelExtras {
  const clone = CLONES.includes(id);
  const drawer = !NO_DRAWER.includes(id);
  return {
    buzzer: buzzerOf(id, clone, drawer),
    drawer,
    kanjiMode: clone,
    aliases: ALIASES[id] ?? [],
  };
}
