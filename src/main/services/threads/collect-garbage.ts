import v8 from 'node:v8';
import vm from 'node:vm';
import { returnFreeMemory } from '../../platform/memory/return-free-memory';

let collect: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. Why: a heavy job (a 16-megapixel picture arrives as a 3 MB
 * frame, its parsed document and the copy sent to the encoder process) grows the service's heap by ~20-30 MB, and an
 * idle service allocates nothing, so V8 never collects it: the memory would stay until the next busy spell. One
 * collection after such a job (~10 ms for this heap) gives it back. Node offers no API for it: the `gc` function is
 * exposed once, through V8's own flag, and kept (the flag is switched back off so no other code sees a global `gc`).
 */
export function collectGarbage(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  collect();
  // What the collection freed outside V8's heap (the frame's copies, serialization buffers) goes back to the system.
  returnFreeMemory();
}
