import fs from 'node:fs';
import path from 'node:path';

/** A program on PATH (or in /usr/sbin, where lpadmin and cupsd live and a non-root PATH often does not look). */
export function toolPath(tool: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/bin'];
  return dirs.map((dir) => path.join(dir, tool)).find((candidate) => fs.existsSync(candidate));
}

/** Debian's 64-bit Wine loader: `wine` alone may be the 32-bit one, which cannot run node.exe. */
const WINE64_LOADERS = ['/usr/lib/wine/wine64', '/usr/lib/x86_64-linux-gnu/wine/wine64', '/opt/wine-stable/bin/wine64'];

/** Why the Wine suite cannot run on this machine, or undefined when it can. */
export function wineMissingReason(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `the Wine suite runs on x64 Linux (this is ${process.platform}/${process.arch})`;
  const missing: string[] = [];
  if (!toolPath('wine') || !WINE64_LOADERS.some((loader) => fs.existsSync(loader))) missing.push('wine64 (apt-get install wine wine64)');
  if (!toolPath('wineserver')) missing.push('wineserver');
  if (!fs.existsSync('/usr/sbin/cupsd') || !toolPath('lpadmin')) missing.push('cupsd and lpadmin (apt-get install cups cups-client)');
  if (process.getuid?.() !== 0) missing.push('root (a private cupsd runs its backends as root)');
  return missing.length ? `not installed or not allowed here: ${missing.join(', ')}` : undefined;
}

/** `Z:\tmp\…`: how a Windows program under Wine names a Linux path. */
export function windowsPath(linuxPath: string): string {
  return `Z:${path.resolve(linuxPath).replace(/\//g, '\\')}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `attempt` until it returns something or `timeoutMs` passes (then throws its last error). */
export async function retry<T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const result = await attempt();
      if (result !== undefined) return result;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms${last instanceof Error ? ` (${last.message})` : ''}`);
    await sleep(100);
  }
}
