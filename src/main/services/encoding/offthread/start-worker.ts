import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * An encoder thread: the built worker beside the bundle (or one folder up from a chunk); from TypeScript sources
 * (`npm run service`, tests) the worker first registers tsx's require hook, as workers do not inherit the parent's
 * loaders. `resourceLimits` caps its heap: over it the thread dies with ERR_WORKER_OUT_OF_MEMORY, not the process.
 */
export function startWorker(resourceLimits: ResourceLimits): Worker {
  // Bundlers may move this code into a chunk folder below the entry files.
  const built = [__dirname, path.dirname(__dirname)].map((dir) => path.join(dir, 'encode-worker.js')).find((file) => fs.existsSync(file));
  if (built) return new Worker(built, { resourceLimits });
  const tsx = createRequire(__filename).resolve('tsx/cjs/api');
  const source = path.join(__dirname, 'encode-worker.ts');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { eval: true, resourceLimits });
}
