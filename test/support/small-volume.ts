import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A small RAM volume mounted for one test, that can be filled to the last byte and emptied again. */
export interface SmallVolume {
  dir: string;
  /** Writes a filler file until the volume has no byte left. */
  fill(): void;
  /** Removes the filler: space returns. */
  free(): void;
  unmount(): void;
}

export function mountSmallVolume(sizeKb: number): SmallVolume {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-volume-')), 'mnt');
  fs.mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = fs.openSync(filler, 'a');
      try {
        for (const chunk of [64 * 1024, 4096, 512]) {
          const block = Buffer.alloc(chunk, 0x55);
          for (;;) {
            try {
              if (fs.writeSync(fd, block) < chunk) break;
            } catch {
              break;
            }
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
    },
  };
}
