type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

/**
 * Gives the memory glibc's malloc holds free back to the system (`malloc_trim(0)`). Why: after a 16-megapixel picture
 * the service frees the frame's copies (the parsed document, the copy sent to the encoder process), but glibc keeps
 * the freed pages mapped for reuse, ~15 MB that a shop's idle service would hold for hours. Linux with glibc only,
 * through koffi (already a dependency, for the Windows spooler), loaded on the first call; elsewhere it does nothing.
 */
export function returnFreeMemory(): void {
  trim ??= loadTrim();
  trim?.(0);
}

function loadTrim(): Trim | null {
  if (process.platform !== 'linux') return null;
  try {
    // Required here, not imported: a shop that never prints a big picture never loads koffi.
    const koffi = require('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t)') as Trim;
  } catch {
    // musl (Alpine) has no libc.so.6 nor malloc_trim: its allocator returns memory on its own.
    return null;
  }
}
