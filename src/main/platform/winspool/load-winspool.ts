import type { WinspoolBinding } from './winspool-binding';
import { createThreadedWinspool, type ThreadedWinspool } from './worker/spooler-threads';

let shared: ThreadedWinspool | undefined;

/**
 * The service's spooler binding: winspool.drv loaded and called on spooler threads (worker/), created on first use
 * and only on Windows (winspool.drv exists nowhere else). A load failure (koffi's Windows binary missing from the
 * installer) fails that call with WinspoolUnavailableError and is tried again on the next one.
 */
export function loadWinspool(platform: NodeJS.Platform = process.platform): Promise<WinspoolBinding> {
  if (platform !== 'win32') return Promise.reject(new Error('the Windows spooler exists only on Windows'));
  shared ??= createThreadedWinspool();
  return Promise.resolve(shared);
}
