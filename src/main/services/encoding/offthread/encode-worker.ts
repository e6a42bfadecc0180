// Entry of an encoder thread, or of an encoder child process (heavy jobs, see EncoderChild): CPU-heavy work
// (validation, dithering, preview rendering, PNG compression) runs here so the protocol's event loop keeps answering
// every POS client while a logo is being printed.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { JobError } from '../../../../shared/job-error';
import { encodeDocument } from '../encode-document';
import { previewPicture, renderPrinterBytes, type PreviewPicture } from '../preview-document';
import { rasterToPng } from '../raster-png';
import type { EncoderReply, EncoderRequest } from './encoder-messages';

function handle(request: EncoderRequest): { bytes: Uint8Array; picture?: Omit<PreviewPicture, 'png'>; blockStarts?: number[] } {
  if (request.op === 'encode') {
    const blockStarts: number[] = [];
    return { bytes: encodeDocument(request.datos, request.options, blockStarts), blockStarts };
  }
  const { bytes, width, maxHeight, maxBytes } = request;
  const model = { ...(request.model ? { model: request.model } : {}), ...(request.marks ? { marks: request.marks } : {}) };
  if (request.op === 'preview-png') return { bytes: rasterToPng(renderPrinterBytes(bytes, { width, maxHeight, maxBytes, ...model })) };
  const { png, ...picture } = previewPicture(bytes, { width, maxHeight, maxBytes, ...model }, request.blockStarts);
  return { bytes: png, picture };
}

/** The thread's own heap (not the process's) and the buffers it still holds. */
function heapBytes(): number {
  const stats = v8.getHeapStatistics();
  return stats.total_heap_size + stats.external_memory;
}

/** The thread's port, or the child process's IPC channel (started by startChild). */
const send = (reply: EncoderReply): void => {
  if (parentPort) parentPort.postMessage(reply);
  else process.send?.(reply);
};
const onRequest = (listener: (request: EncoderRequest) => void): void => {
  if (parentPort) parentPort.on('message', listener);
  else process.on('message', listener);
};
// A child whose service went away (crashed, killed) ends too, instead of lingering with its memory.
if (!parentPort) process.on('disconnect', () => process.exit(0));

onRequest((request: EncoderRequest) => {
  let reply: EncoderReply;
  try {
    reply = { kind: 'done', id: request.id, ok: true, ...handle(request), heapBytes: heapBytes() };
  } catch (error) {
    reply =
      error instanceof JobError
        ? { kind: 'done', id: request.id, ok: false, category: error.category, detail: error.detail, heapBytes: heapBytes() }
        : { kind: 'done', id: request.id, ok: false, category: null, detail: error instanceof Error ? error.message : String(error), heapBytes: heapBytes() };
  }
  send(reply);
});

// Compiles the document schema and captures the printer tables before the first job, so its time budget measures
// the job and not the thread's start-up.
encodeDocument({ version: '1.0', commands: [{ type: 'text', data: { text: 'warm-up' } }] }, { safeMode: true });
send({ kind: 'ready' });
