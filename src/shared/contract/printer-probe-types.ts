/**
 * What "probar conexión" found at a network address (see services/printers/probe-printer): the window says it in
 * words, so the kinds are data, never an error's text.
 * - `answered-status`: a receipt printer answered a status request (its paper and cover are in `reading`);
 * - `answered-not-printer`: something answered, but with bytes no receipt printer sends as status (a router's or web
 *   server's page): the answer is not believed;
 * - `port-open-silent`: something accepted the connection but did not answer (a printer that answers no status,
 *   one busy with another till, or not a printer at all);
 * - `refused`: a computer is there but nothing listens on that port;
 * - `nothing-there`: no answer at all within the bound (wrong address, switched off, another network);
 * - `not-lan`: the address is not on this computer or the local network, so it was not tried;
 * - `busy`: another probe is running (one at a time, so a page cannot make the service scan a network).
 */
export const PROBE_FINDINGS = ['answered-status', 'answered-not-printer', 'port-open-silent', 'refused', 'nothing-there', 'not-lan', 'busy'] as const;
export type ProbeFinding = (typeof PROBE_FINDINGS)[number];

export interface PrinterProbe {
  found: ProbeFinding;
  /** The URI to save for this printer (`tcp://HOST:PORT`), as a job names it. */
  uri: string;
  /** What the printer said about itself, when it answered. */
  reading?: { paper?: 'ok' | 'near-end' | 'out'; coverOpen?: boolean; offline?: boolean };
  elapsedMs: number;
}

/** A USB device this computer sees, as the "Añadir impresora" dialog lists it. */
export interface UsbDeviceSeen {
  /** `usb:VID:PID[:SERIAL]`, as a job names it. */
  uri: string;
  vendorId: string;
  productId: string;
  /** The device's own name (product, maker) when it gives one. */
  name: string | null;
  /** It has a printer-class interface (USB class 7). */
  isPrinter: boolean;
}

export interface UsbDevicesSeen {
  devices: UsbDeviceSeen[];
  /** Why the list could not be read (no USB library on this computer…), or null. */
  unavailable: string | null;
}
