/**
 * A reader thread's result handed back in parts, one per turn of the receiving event loop: taking in a message (the
 * structured clone) runs on the thread that answers the print clients, and a legitimate 16 MiB usage report read into
 * 48,000 rows took 200 ms to take in at once on a busy computer, 1,000 rows a few ms. The thread sends the next part
 * only when told (see read-off-thread), so parts never pile up in one turn.
 */

/** Items per part: 1,000 usage rows take 2–5 ms to take in on 2 busy cores. */
export const PART_ITEMS = 1_000;
/** How deep lists are looked for: a result is `{ kind, value }` whose value is a list or holds one (`rows`). */
const MAX_DEPTH = 3;

export type PartMessage = { kind: 'part'; list: number; items: unknown[] } | { kind: 'done'; skeleton: unknown; paths: string[][] };

type Container = Record<string, unknown>;
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The messages that carry `result`: each long list in parts, then the rest with those lists left empty. */
export function partsOf(result: unknown): PartMessage[] {
  const messages: PartMessage[] = [];
  const paths: string[][] = [];
  const visit = (container: Container, path: string[]): void => {
    for (const [name, value] of Object.entries(container)) {
      if (Array.isArray(value) && value.length > PART_ITEMS) {
        const list = paths.push([...path, name]) - 1;
        for (let start = 0; start < value.length; start += PART_ITEMS) messages.push({ kind: 'part', list, items: value.slice(start, start + PART_ITEMS) });
        container[name] = [];
      } else if (isContainer(value) && path.length + 1 < MAX_DEPTH) visit(value, [...path, name]);
    }
  };
  if (isContainer(result)) visit(result, []);
  messages.push({ kind: 'done', skeleton: result, paths });
  return messages;
}

/** Puts the parts back together on the receiving side; `take` gives the whole result once the last message came. */
export class PartsJoiner {
  private readonly lists: unknown[][] = [];

  take(message: PartMessage): { result: unknown } | undefined {
    if (message.kind === 'part') {
      const list = (this.lists[message.list] ??= []);
      for (const item of message.items) list.push(item);
      return undefined;
    }
    message.paths.forEach((path, index) => {
      let container = message.skeleton as Container;
      for (const name of path.slice(0, -1)) container = container[name] as Container;
      container[path.at(-1)!] = this.lists[index] ?? [];
    });
    return { result: message.skeleton };
  }
}
