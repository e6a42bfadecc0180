// Entry of the encoder thread: CPU-heavy work (validation, dithering, preview rendering, PNG compression) runs
// here so the protocol's event loop keeps answering every POS client while a logo is being printed.
import { parentPort } from 'node:worker_threads';
import { JobError } from '../../../../shared/job-error';
import { renderEscPos } from '../../../../shared/escpos/render-escpos';
import { encodeDocument } from '../encode-document';
import { rasterToPng } from '../raster-png';
import type { EncoderReply, EncoderRequest } from './encoder-messages';

function handle(request: EncoderRequest): Uint8Array {
  if (request.op === 'encode') return encodeDocument(request.datos, request.options);
  return rasterToPng(renderEscPos(request.bytes, { width: request.width }));
}

parentPort?.on('message', (request: EncoderRequest) => {
  let reply: EncoderReply;
  try {
    reply = { id: request.id, ok: true, bytes: handle(request) };
  } catch (error) {
    reply =
      error instanceof JobError
        ? { id: request.id, ok: false, category: error.category, detail: error.detail }
        : { id: request.id, ok: false, category: null, detail: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
