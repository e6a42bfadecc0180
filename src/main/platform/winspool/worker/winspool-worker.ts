import { createRequire } from 'node:module';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { loadKoffiWinspool } from '../koffi-winspool';
import { WinspoolCallError, type WinspoolCalls } from '../winspool-binding';
import type { SpoolerFailure, SpoolerMessage, SpoolerReply, SpoolerRequest, SpoolerThreadData } from './spooler-messages';

/**
 * A spooler thread: loads winspool.drv and makes the calls the service asks for, one at a time, synchronously. A
 * call that hangs holds only this thread; the service gives up on it after its bound (see spooler-lane.ts).
 */
if (!parentPort) throw new Error('winspool-worker runs as a worker thread');
const port: MessagePort = parentPort;
const data = (workerData ?? {}) as SpoolerThreadData;

let calls: WinspoolCalls | undefined;

class LoadError extends Error {}

/** Loaded on the first call, not when the thread starts, so a load that hangs counts against that call's bound. */
function spooler(): WinspoolCalls {
  if (calls) return calls;
  try {
    const standIn = data.implementation;
    calls = standIn
      ? (createRequire(__filename)(standIn.module) as { loadWinspoolCalls(options: unknown): WinspoolCalls }).loadWinspoolCalls(standIn.options)
      : loadKoffiWinspool();
    port.postMessage({ loaded: true } satisfies SpoolerMessage);
  } catch (error) {
    // Not kept: the next call tries again (a koffi binary missing from an install may be repaired meanwhile).
    throw new LoadError(error instanceof Error ? error.message : String(error));
  }
  return calls;
}

function failureOf(error: unknown): SpoolerFailure {
  if (error instanceof WinspoolCallError) return { kind: 'call', message: error.message, call: error.call };
  if (error instanceof LoadError) return { kind: 'unavailable', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

port.on('message', (request: SpoolerRequest) => {
  let reply: SpoolerReply;
  try {
    const method = spooler()[request.method] as (...args: unknown[]) => unknown;
    reply = { id: request.id, ok: true, value: method(...request.args) };
  } catch (error) {
    reply = { id: request.id, ok: false, failure: failureOf(error) };
  }
  port.postMessage(reply);
});
