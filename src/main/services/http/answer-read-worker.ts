// Entry of an answer reading thread: one answer per thread (see read-off-thread), read and handed back in parts.
import { parentPort, workerData } from 'node:worker_threads';
import type { ReaderName, ReaderParams } from './answer-readers';
import type { ThreadRequest } from './read-off-thread';
import { readHere } from './read-off-thread';
import { partsOf } from './reading-parts';

const request = workerData as ThreadRequest;
const messages = partsOf(readHere(request.reader, request.params as ReaderParams<ReaderName>, request.body, request.secrets));
parentPort?.postMessage(messages.shift());
// Each further part only when the reading side has taken the last one in (reading-parts).
parentPort?.on('message', () => {
  const next = messages.shift();
  if (next) parentPort?.postMessage(next);
});
