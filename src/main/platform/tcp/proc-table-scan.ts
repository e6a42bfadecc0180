import fs from 'node:fs';

/** What one connection's line says: `st` and `tx_queue`, both hex, right after the addresses. */
export interface ProcLine {
  state: number;
  unacknowledged: number;
}

/** The line found for a key, `gone` when the whole table was read without it, undefined when it could not be read. */
export type ProcLookup = ProcLine | 'gone' | undefined;

/** procfs hands the table out about one page (~27 lines) per read whatever the buffer; 64 KiB leaves room to spare. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads /proc/net/tcp (or tcp6) for the connections asked about, sharing one pass among every question asked before it
 * starts, and stopping as soon as each was found.
 *
 * Why not simply `readFile` per question: the kernel produces the table a page at a time, and each read walks its
 * connection hash (262,144 buckets on a machine with 24 GB), so a whole table of ~600 lines (a shop PC with a browser
 * open) took 5-25 ms of kernel time, handed back in 20-80 reads, each one a round trip to a libuv thread and a promise
 * on the service's thread. A job's "printed" check read it whole three times. Here a question waits at most one pass,
 * a pass ends at the line it wants (half the table on average: no walk to the end), the bytes are searched without
 * being decoded, and questions from several printers at once share the pass.
 */
export class ProcTableScan {
  /** Questions for the next pass: one already running may have gone past where their line is. */
  private waiting = new Map<string, Array<(found: ProcLookup) => void>>();
  private running = false;
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES + 512);

  constructor(private readonly file: string) {}

  /** The line whose local and remote addresses are `key` (`LOCAL REMOTE `, as the table prints them). */
  lookup(key: string): Promise<ProcLookup> {
    return new Promise<ProcLookup>((resolve) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push(resolve);
      else this.waiting.set(key, [resolve]);
      if (!this.running) this.pass();
    });
  }

  private pass(): void {
    this.running = true;
    const asked = new Map<Buffer, Array<(found: ProcLookup) => void>>([...this.waiting].map(([key, callers]) => [Buffer.from(key, 'latin1'), callers]));
    this.waiting = new Map();
    const answer = (key: Buffer, found: ProcLookup): void => {
      for (const resolve of asked.get(key) ?? []) resolve(found);
      asked.delete(key);
    };
    const finish = (rest: ProcLookup, fd?: number): void => {
      for (const key of asked.keys()) answer(key, rest);
      if (fd !== undefined) fs.close(fd, () => undefined);
      this.running = false;
      if (this.waiting.size > 0) this.pass();
    };
    fs.open(this.file, 'r', (openError, fd) => {
      if (openError) return finish(undefined);
      let carried = 0;
      const next = (): void => {
        fs.read(fd, this.buffer, carried, this.buffer.length - carried, null, (readError, bytesRead) => {
          if (readError) return finish(undefined, fd);
          if (bytesRead === 0) return finish('gone', fd);
          const end = carried + bytesRead;
          const text: Buffer = this.buffer.subarray(0, end);
          for (const key of asked.keys()) {
            const at = text.indexOf(key);
            if (at >= 0 && text.indexOf(NEWLINE, at) >= 0) answer(key, lineAfter(text, at + key.length));
          }
          if (asked.size === 0) return finish(undefined, fd);
          // Whole lines come in each read; should one ever be cut, its start is kept for the next read to complete.
          const lastNewline = text.lastIndexOf(NEWLINE);
          carried = lastNewline < 0 ? (end > 512 ? 0 : end) : end - lastNewline - 1;
          if (carried > 0) this.buffer.copy(this.buffer, 0, end - carried, end);
          next();
        });
      };
      next();
    });
  }
}

/** `st tx_queue:…` starting at `at`: two hex digits, a space, eight hex digits. */
function lineAfter(text: Buffer, at: number): ProcLine | undefined {
  const state = Number.parseInt(text.toString('latin1', at, at + 2), 16);
  const unacknowledged = Number.parseInt(text.toString('latin1', at + 3, at + 11), 16);
  return Number.isNaN(state) || Number.isNaN(unacknowledged) ? undefined : { state, unacknowledged };
}

const scans = new Map<string, ProcTableScan>();

/** The one scanner of a table file for the whole process. */
export function procTableScan(file: string): ProcTableScan {
  let scan = scans.get(file);
  if (!scan) {
    scan = new ProcTableScan(file);
    scans.set(file, scan);
  }
  return scan;
}
