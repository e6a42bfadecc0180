import type { WinspoolBinding } from './winspool-binding';

let loading: Promise<WinspoolBinding> | null = null;

/** The koffi spooler binding, imported on first use and only on Windows (winspool.drv exists nowhere else). */
export function loadWinspool(platform: NodeJS.Platform = process.platform): Promise<WinspoolBinding> {
  if (platform !== 'win32') return Promise.reject(new Error('the Windows spooler exists only on Windows'));
  loading ??= import('./koffi-winspool').then((module) => module.loadKoffiWinspool());
  // A failed load (koffi's Windows binary missing from the installer) is retried on the next job, not cached.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
