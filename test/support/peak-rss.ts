import fs from 'node:fs';

export interface RssWatch {
  /** The highest resident memory seen, in bytes. */
  peak(): number;
  /** Whether the watch killed the process for passing its ceiling. */
  killed(): boolean;
  stop(): void;
}

/**
 * Follows a child process's resident memory (Linux /proc) every few milliseconds until it exits, and kills it past
 * `killAboveBytes`: a client that buffers a huge answer fails its test at once instead of taking the machine's memory.
 */
export function watchRss(pid: number, killAboveBytes: number, everyMs = 20): RssWatch {
  let peak = 0;
  let killed = false;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss === undefined) return;
    peak = Math.max(peak, rss);
    if (rss > killAboveBytes && !killed) {
      killed = true;
      process.kill(pid, 'SIGKILL');
    }
  }, everyMs);
  return { peak: () => peak, killed: () => killed, stop: () => clearInterval(timer) };
}

/** `VmHWM` (the peak so far) when the kernel gives it, else `VmRSS`; undefined once the process is gone. */
function rssOf(pid: number): number | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

export interface MeasuredRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Highest resident memory of the process, in bytes. */
  peakBytes: number;
  /** Killed by the watch for passing `killAboveBytes`. */
  killed: boolean;
  ms: number;
}

/** Waits for a started child process (see cli-process) while watching its memory. */
export async function measuredRun(started: { child: { pid?: number | undefined }; done: Promise<{ code: number | null; stdout: string; stderr: string }> }, killAboveBytes: number): Promise<MeasuredRun> {
  const begin = Date.now();
  const watch = started.child.pid === undefined ? undefined : watchRss(started.child.pid, killAboveBytes);
  const run = await started.done;
  watch?.stop();
  return { ...run, peakBytes: watch?.peak() ?? 0, killed: watch?.killed() ?? false, ms: Date.now() - begin };
}
