import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { JobError } from '../../../shared/job-error';
import type { PrinterProfile } from '../../../shared/printer-profiles/printer-profile';

/**
 * The command bytes of one printer family, captured from node-thermal-printer's own tables once per family so a
 * job pays nothing for them. Only the correct parts of the library are used; its defective helpers (QR and barcode
 * lengths, images, code-page switching, the 3-byte drawer kick) are replaced in this folder.
 */
export interface PrinterDialect {
  family: 'epson';
  init: Uint8Array;
  boldOn: Uint8Array;
  boldOff: Uint8Array;
  underline: readonly [Uint8Array, Uint8Array, Uint8Array];
  invertOn: Uint8Array;
  invertOff: Uint8Array;
  align: { left: Uint8Array; center: Uint8Array; right: Uint8Array };
  fontA: Uint8Array;
  fontB: Uint8Array;
  /** GS ! for width/height multipliers 1..8. */
  size(width: number, height: number): Uint8Array;
  /** Cut, then ESC @ (printer defaults). */
  fullCut: Uint8Array;
  partialCut: Uint8Array;
}

/** ESC @: its typings leave initHardware() out, and the bytes are the same on every ESC/POS printer. */
const ESC_INIT = new Uint8Array([0x1b, 0x40]);

function capture(printer: ThermalPrinter, action: () => void): Uint8Array {
  printer.clear();
  action();
  // getBuffer() is null when nothing was appended: never hand that on.
  const buffer: Buffer | null = printer.getBuffer();
  return new Uint8Array(buffer ?? []);
}

function captureEpson(): PrinterDialect {
  // No interface: the printer object is only used for its command tables, never to send anything.
  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: '' });
  const sizes = new Map<string, Uint8Array>();
  const take = (action: () => void): Uint8Array => capture(printer, action);
  return {
    family: 'epson',
    init: ESC_INIT,
    boldOn: take(() => printer.bold(true)),
    boldOff: take(() => printer.bold(false)),
    underline: [take(() => printer.underline(false)), take(() => printer.underline(true)), take(() => printer.underlineThick(true))],
    invertOn: take(() => printer.invert(true)),
    invertOff: take(() => printer.invert(false)),
    align: { left: take(() => printer.alignLeft()), center: take(() => printer.alignCenter()), right: take(() => printer.alignRight()) },
    fontA: take(() => printer.setTypeFontA()),
    fontB: take(() => printer.setTypeFontB()),
    size(width, height) {
      const key = `${width}x${height}`;
      let bytes = sizes.get(key);
      if (!bytes) {
        // setTextSize(a, b) writes `a` into GS !'s high nibble, which ESC/POS defines as the width: pass width first.
        bytes = take(() => printer.setTextSize(width - 1, height - 1));
        sizes.set(key, bytes);
      }
      return bytes;
    },
    // The library follows each cut with ESC @, so the writer starts over from the printer's defaults after it.
    fullCut: take(() => printer.cut({ verticalTabAmount: 0 })),
    partialCut: take(() => printer.partialCut({ verticalTabAmount: 0 })),
  };
}

let epson: PrinterDialect | undefined;

/**
 * Profile → ESC/POS dialect (Epson-compatible, the language nearly all receipt printers accept). Star profiles never
 * get here: encode-document sends them to the Star encoder (src/main/services/encoding/star).
 */
export function dialectFor(profile: PrinterProfile): PrinterDialect {
  if (profile.commandSet !== 'escpos') {
    throw new JobError('VALIDATION', `the ${profile.name} profile speaks Star commands, not ESC/POS; it is encoded by the Star encoder`);
  }
  epson ??= captureEpson();
  return epson;
}
