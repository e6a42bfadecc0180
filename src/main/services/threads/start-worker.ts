import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { builtEntry } from './built-entry';

/**
 * Starts one of the service's worker threads: the built `<entry>.js` beside the bundle (or one folder up from a
 * chunk), else its TypeScript source (`npm run service`, tests), which first registers tsx's require hook, as
 * workers do not inherit the parent's loaders. Each entry is listed in electron.vite.config.ts.
 */
export function startWorker(entry: 'encode-worker' | 'checkpoint-worker' | 'winspool-worker' | 'answer-read-worker', sourceFile: string, options: WorkerOptions = {}): Worker {
  const built = builtEntry(entry);
  if (built) return new Worker(built, options);
  const tsx = createRequire(__filename).resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(sourceFile)});`, { ...options, eval: true });
}
