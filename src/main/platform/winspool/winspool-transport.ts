import { JobError, NothingSentError, nothingSent } from '../../../shared/job-error';
import { withinDeadline } from '../within-deadline';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import { WinspoolUnavailableError, type WinspoolBinding, type WinspoolHandle } from './winspool-binding';
import { describeStatusBits, winspoolStatus } from './winspool-status';

export interface WinspoolTransportOptions {
  /** Bounds the whole job: open, pre-flight, write and end. */
  timeoutMs?: number;
}

/**
 * RAW printing through a Windows print queue. OpenPrinter succeeds on an unplugged or paused queue, so the
 * printer's own status is checked first; the job counts as delivered once EndDocPrinter returns, i.e. when the
 * spooler has registered all of it (the seed's meaning of a `result`). Failures before StartDocPrinter is called (no
 * spooler, a queue that cannot be opened, a printer whose status stops it) are NothingSentError: no job exists yet.
 * From StartDocPrinter on the spooler may hold a job (a call that timed out may still complete): sent.
 */
export function createWinspoolTransport(
  uri: string,
  queue: string,
  binding: () => Promise<WinspoolBinding>,
  options: WinspoolTransportOptions = {},
): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const where = `Windows printer "${queue}"`;

  const deliver = async (job: PrintJobBytes, abandoned: () => boolean): Promise<void> => {
    let spooler: WinspoolBinding;
    try {
      spooler = await binding();
    } catch (error) {
      throw new NothingSentError('PRINTER', `the Windows spooler is not available (${(error as Error).message})`);
    }
    let handle: WinspoolHandle;
    try {
      handle = await spooler.openPrinter(queue);
    } catch (error) {
      // Say which: a queue that is not there, or a spooler that cannot be asked (not loaded, not answering).
      if (error instanceof WinspoolUnavailableError) throw new NothingSentError('PRINTER', `the Windows spooler is not available (${error.message})`);
      throw new NothingSentError('PRINTER', `${where} cannot be opened (not installed, or no permission)`);
    }
    try {
      await preflight(spooler, handle).catch((error: unknown) => {
        throw nothingSent(error);
      });
      await writeDocument(spooler, handle, job, abandoned);
    } finally {
      await spooler.closePrinter(handle).catch(() => undefined);
    }
  };

  const preflight = async (spooler: WinspoolBinding, handle: WinspoolHandle): Promise<void> => {
    const info = await spooler.getPrinter(handle).catch(() => {
      throw new JobError('PRINTER', `${where}: cannot read its status`);
    });
    const status = winspoolStatus(info.status, info.attributes);
    if (status === 'ready' || status === 'unknown') return;
    throw new JobError('PRINTER', `${where} is ${status} (${describeStatusBits(info.status, info.attributes)})`);
  };

  const writeDocument = async (spooler: WinspoolBinding, handle: WinspoolHandle, job: PrintJobBytes, abandoned: () => boolean): Promise<void> => {
    let started = false;
    try {
      await spooler.startDocRaw(handle, `Ticketera ${job.id}`);
      started = true;
      await spooler.startPage(handle);
      let offset = 0;
      while (offset < job.bytes.length) {
        if (abandoned()) throw new JobError('PRINTER', `${where} timed out`);
        const written = await spooler.write(handle, job.bytes.subarray(offset));
        if (written <= 0) throw new JobError('PRINTER', `${where}: the spooler took ${offset} of ${job.bytes.length} bytes`);
        offset += written;
      }
      await spooler.endPage(handle);
      if (abandoned()) throw new JobError('PRINTER', `${where} timed out`);
      await spooler.endDoc(handle);
    } catch (error) {
      // A half-spooled RAW job would print a torn receipt: drop it.
      if (started) await spooler.abort(handle).catch(() => undefined);
      if (error instanceof JobError) throw error;
      throw new JobError('PRINTER', `${where}: ${(error as Error).message}`);
    }
  };

  return {
    uri,
    send: (job) => withinDeadline((abandoned) => deliver(job, abandoned), timeoutMs, () => new JobError('PRINTER', `${where} did not take the job within ${timeoutMs} ms (the job is cancelled if it is still being spooled)`)),
  };
}
