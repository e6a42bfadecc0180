import { decodeAsb, decodeRealTime } from './escpos-status-bits';
import { ASB_ALL, automaticStatusBack, CLEAR_BUFFERS, FULL_STATUS_REQUEST, processIdRequest, REAL_TIME_REQUESTS, realTimeStatusRequest } from './escpos-status-commands';
import { mergeReadings } from './merge-readings';
import { ReplyReader, type PrinterReply } from './reply-reader';
import type { StatusDialect } from './status-conversation';

/** ESC/POS: DLE EOT 1–4 (one byte each) per round; ASB during each job, and GS ( H where the model confirms. */
export const ESCPOS_STATUS_DIALECT: StatusDialect = {
  request: FULL_STATUS_REQUEST,
  reader: () => new ReplyReader(),
  answersRound: (reply) => reply.kind === 'real-time',
  answersPerRound: REAL_TIME_REQUESTS.length,
  decodeRound: (answers) => mergeReadings(REAL_TIME_REQUESTS.map((n, index) => decodeRealTime(n, realTimeByte(answers[index])))),
  volunteered: (reply) => (reply.kind === 'asb' ? decodeAsb(reply.bytes) : null),
  // DLE EOT 1–4, one at a time, each answered on arrival even by a stopped printer. Not GS a: it waits its turn in the
  // buffer, so a stopped printer (offline) never gets to it and a running one answers it after the round anyway. A
  // status the printer still sends by itself (ASB left on) counts as the answer.
  checkBeforeJob: REAL_TIME_REQUESTS.map((n) => Uint8Array.from(realTimeStatusRequest(n))),
  job(bytes, processId) {
    // ASB first (executed before the job), so a paper end mid-receipt is reported even while the printer's buffer is
    // full and a status request behind the job's bytes cannot reach it; off again once the job is through.
    const trailer = processId === null ? automaticStatusBack(0) : [...processIdRequest(processId), ...automaticStatusBack(0)];
    return Uint8Array.from([...automaticStatusBack(ASB_ALL), ...bytes, ...trailer]);
  },
  clearBuffers: CLEAR_BUFFERS,
};

const realTimeByte = (reply: PrinterReply | undefined): number => (reply?.kind === 'real-time' ? reply.byte : 0);
