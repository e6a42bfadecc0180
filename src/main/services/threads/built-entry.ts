import fs from 'node:fs';
import path from 'node:path';

/**
 * The built `<entry>.js` of a worker entry (listed in electron.vite.config.ts), beside this code or one folder up
 * (bundlers may move this code into a chunk folder below the entry files); undefined when run from the sources.
 */
export function builtEntry(entry: string): string | undefined {
  return [__dirname, path.dirname(__dirname)].map((dir) => path.join(dir, `${entry}.js`)).find((file) => fs.existsSync(file));
}
