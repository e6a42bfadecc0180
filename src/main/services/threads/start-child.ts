import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { builtEntry } from './built-entry';

/**
 * Starts one of the service's worker entries as a child process of its own instead of a thread: the built
 * `<entry>.js` beside the bundle (or one folder up from a chunk), else its TypeScript source through tsx's require
 * hook (`npm run service`, tests). A process, unlike a thread, gives all its memory back to the system when it exits
 * (a thread's malloc arenas stay with the service), so a job that needs a lot of memory runs in one that exits after
 * it. Messages use the structured clone (`advanced`), so byte arrays cross as they are. Under Electron the child
 * runs Electron's binary as plain Node (ELECTRON_RUN_AS_NODE); stdout is dropped, stderr is piped to the caller.
 */
export function startChild(entry: 'encode-worker', sourceFile: string, execArgv: string[] = []): ChildProcess {
  const built = builtEntry(entry);
  const tsx = built ? [] : ['--require', createRequire(__filename).resolve('tsx/cjs')];
  return fork(built ?? sourceFile, [], {
    execPath: process.execPath,
    execArgv: [...execArgv, ...tsx],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}
