import { JobError } from '../../../shared/job-error';
import type { PrinterSession } from '../../services/printers/printer-transport';
import type { UsbBackend } from './usb-backend';
import { claimUsbPrinter, usbPrinterName, writeChunks, type UsbTarget } from './usb-claim';

export interface UsbSessionOptions {
  platform: NodeJS.Platform;
  transferTimeoutMs: number;
  chunkBytes: number;
}

/** Status answers are a few bytes; a full-speed bulk packet holds them all. */
const READ_BYTES = 64;
/** An answer left in the printer's IN buffer by an earlier session is read and dropped before this one asks anything. */
const MAX_DRAIN_READS = 8;
const DRAIN_QUIET_MS = 300;

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * A two-way session over the printer's bulk endpoints: bytes out in chunks, answers read back in a loop while the
 * session lives. Answers an earlier session never collected are drained first, so a status byte is never taken for
 * the answer to a later request.
 */
export async function openUsbSession(target: UsbTarget, backend: UsbBackend, options: UsbSessionOptions): Promise<PrinterSession> {
  const claimed = await claimUsbPrinter(target, backend, options.platform);
  const where = usbPrinterName(target);
  const listeners: Array<(bytes: Uint8Array) => void> = [];
  let open = true;
  /** Bytes of writes in progress not yet taken by a completed transfer. */
  let queued = 0;
  let endedWith: (reason: string) => void = () => undefined;
  const ended = new Promise<string>((done) => {
    endedWith = done;
  });
  const read = async (): Promise<Uint8Array | null> => {
    const inEndpoint = claimed.in;
    if (!inEndpoint) return null;
    const result = await claimed.device.transferIn(inEndpoint.endpointNumber, READ_BYTES);
    if (result.status !== 'ok' || !result.data) return new Uint8Array(0);
    return new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
  };
  const finish = async (reason: string): Promise<void> => {
    if (!open) return;
    open = false;
    await claimed.release();
    endedWith(reason);
  };
  for (let drained = 0; drained < MAX_DRAIN_READS; drained++) {
    // A backend whose empty read blocks (no timeout of its own) must not stall the session: quiet means drained.
    const stale = await Promise.race([read().catch(() => null), pause(DRAIN_QUIET_MS).then(() => null)]);
    if (!stale || stale.length === 0) break;
  }
  // The read loop: a printer with nothing to say answers each read empty after the backend's timeout.
  void (async () => {
    while (open) {
      let bytes: Uint8Array | null;
      try {
        bytes = await read();
      } catch (error) {
        await finish(`the printer stopped answering (${(error as Error).message})`);
        return;
      }
      if (bytes === null) return;
      if (bytes.length > 0 && open) for (const listener of listeners) listener(bytes);
    }
  })();
  return {
    write: async (bytes) => {
      if (!open) throw new JobError('PRINTER', `${where} was disconnected`);
      let left = bytes.length;
      queued += left;
      try {
        await writeChunks(claimed, bytes, { chunkBytes: options.chunkBytes, transferTimeoutMs: options.transferTimeoutMs, where, taken: (chunk) => {
          left -= chunk;
          queued -= chunk;
        } });
      } finally {
        queued -= left;
      }
    },
    // A completed bulk transfer is the device's word that it took those bytes (it NAKs while its buffer is full).
    outstanding: async () => ({ queued, inKernel: 0 }),
    onData: (listener) => {
      listeners.push(listener);
    },
    ended,
    close: () => finish('closed'),
    abort: () => {
      void finish('aborted');
    },
  };
}
