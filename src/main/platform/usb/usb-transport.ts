import { JobError } from '../../../shared/job-error';
import { withinDeadline } from '../within-deadline';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import type { UsbBackend } from './usb-backend';
import { claimUsbPrinter, usbPrinterName, writeChunks, type UsbTarget } from './usb-claim';
import { openUsbSession } from './usb-session';
import { DEFAULT_STALL_MS } from '../../services/printer-status/job-confirmation';
import { printAllowanceMs } from '../../services/printers/bytes-flow';

export interface UsbTransportOptions {
  /** Bounds the whole job, on top of its print time (a printer takes a job only as fast as it prints it). */
  timeoutMs?: number;
  /** Bounds each bulk transfer: how long the printer may take none of a chunk (its stall bound). */
  transferTimeoutMs?: number;
  platform?: NodeJS.Platform;
}

/**
 * A printer takes a transfer only as fast as it prints (it NAKs while its few KB of buffer are full), so a chunk must
 * fit the transfer bound even at the slowest speed: 4 KiB of text is ~6 s at 60 mm/s.
 */
const CHUNK_BYTES = 4 * 1024;

/**
 * Direct USB printing: the printer-class interface is claimed and the job goes to its bulk OUT endpoint. Meant for
 * Linux/macOS boxes without a CUPS queue; on Windows the spooler path is the normal one (see USB_ON_WINDOWS_HINT).
 */
export function createUsbTransport(uri: string, target: UsbTarget, backend: UsbBackend, options: UsbTransportOptions = {}): PrinterTransport {
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transferTimeoutMs = options.transferTimeoutMs ?? DEFAULT_STALL_MS;
  const fail = (text: string): JobError => new JobError('PRINTER', `${usbPrinterName(target)} ${text}`);

  const deliver = async (job: PrintJobBytes, abandoned: () => boolean): Promise<void> => {
    const claimed = await claimUsbPrinter(target, backend, platform);
    try {
      await writeChunks(claimed, job.bytes, { chunkBytes: CHUNK_BYTES, transferTimeoutMs, where: usbPrinterName(target) }, abandoned);
    } finally {
      await claimed.release();
    }
  };

  return {
    uri,
    open: () => openUsbSession(target, backend, { platform, transferTimeoutMs, chunkBytes: CHUNK_BYTES }),
    send: (job) => {
      const withinMs = timeoutMs + (job.printMs ?? printAllowanceMs(job.bytes, 'escpos'));
      return withinDeadline((abandoned) => deliver(job, abandoned), withinMs, () => fail(`did not take the job within ${withinMs} ms`));
    },
  };
}
