import { JobError } from '../../../shared/job-error';
import { withinDeadline } from '../within-deadline';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import type { UsbBackend } from './usb-backend';
import { claimUsbPrinter, usbPrinterName, writeChunks, type UsbTarget } from './usb-claim';
import { openUsbSession } from './usb-session';

export interface UsbTransportOptions {
  /** Bounds the whole job. */
  timeoutMs?: number;
  /** Bounds each bulk transfer. */
  transferTimeoutMs?: number;
  platform?: NodeJS.Platform;
}

const CHUNK_BYTES = 16 * 1024;

/**
 * Direct USB printing: the printer-class interface is claimed and the job goes to its bulk OUT endpoint. Meant for
 * Linux/macOS boxes without a CUPS queue; on Windows the spooler path is the normal one (see USB_ON_WINDOWS_HINT).
 */
export function createUsbTransport(uri: string, target: UsbTarget, backend: UsbBackend, options: UsbTransportOptions = {}): PrinterTransport {
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transferTimeoutMs = options.transferTimeoutMs ?? 5_000;
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
    send: (job) => withinDeadline((abandoned) => deliver(job, abandoned), timeoutMs, () => fail(`did not take the job within ${timeoutMs} ms`)),
  };
}
