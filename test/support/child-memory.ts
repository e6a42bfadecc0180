import fs from 'node:fs';

/** What the guard saw of this test process's children. */
export interface ChildMemoryGuard {
  /** The largest resident size seen for any child, in bytes. */
  peak(): number;
  /** The children killed for going over the limit, with what they held. */
  killed(): Array<{ pid: number; rssBytes: number }>;
  stop(): void;
}

/**
 * Watches the resident memory of every direct child of this process (Linux /proc) and SIGKILLs one over
 * `limitBytes`. A test of a service that must stay bounded can then fail in a second instead of letting a regression
 * (19 GB in a minute reading /dev/zero) take the machine the other suites share.
 */
export function guardChildMemory(limitBytes: number, pollMs = 100): ChildMemoryGuard {
  let peak = 0;
  const killed: Array<{ pid: number; rssBytes: number }> = [];
  const check = (): void => {
    for (const pid of childrenOf(process.pid)) {
      const rss = rssOf(pid);
      peak = Math.max(peak, rss);
      if (rss > limitBytes) {
        killed.push({ pid, rssBytes: rss });
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    }
  };
  const timer = setInterval(check, pollMs);
  return {
    peak: () => {
      check();
      return peak;
    },
    killed: () => killed,
    stop: () => clearInterval(timer),
  };
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: the command may hold spaces and parentheses, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // Ended while listing.
    }
  }
  return children;
}

function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
