import type { StatusReading } from './escpos-status-bits';
import type { PrinterReply } from './reply-reader';
import type { StatusDialect } from './status-conversation';
import { StarReplyReader } from './star-reply-reader';
import { decodeStarAsb } from './star-status-bits';

/**
 * "ESC ACK SOH — Real-time printer status (ASB Status)", 1B 06 01 (STAR Line Mode Command Specifications, 3-70; the
 * same bytes in StarPRNT): executed on arrival, not from the receive buffer, and answered with one ASB block. The
 * manual asks not to send the next one before that block has arrived, which status rounds never do.
 */
export const STAR_STATUS_REQUEST = Uint8Array.of(0x1b, 0x06, 0x01);

const decodeBlock = (reply: PrinterReply | undefined): StatusReading | null => (reply?.kind === 'star-asb' ? decodeStarAsb(reply.bytes) : null);

/**
 * Star Line Mode and StarPRNT printers. Over Ethernet they also send an ASB block by themselves whenever their status
 * changes ("ESC RS a n … is ignored (set to enable auto-status) when using Ethernet"), so a paper end mid-job is heard
 * without asking; the block is the same whether asked for or not. Jobs go out as they are: Star has no counterpart of
 * ESC/POS's process ID response that Ticketera uses, so a Star job is `delivered` once a status round after its bytes
 * found no problem, and no buffer-clearing command is documented, so what a stopped printer holds stays in it.
 */
export const STAR_STATUS_DIALECT: StatusDialect = {
  request: STAR_STATUS_REQUEST,
  reader: () => new StarReplyReader(),
  answersRound: (reply) => reply.kind === 'star-asb',
  answersPerRound: 1,
  decodeRound: (answers) => decodeBlock(answers[0]) ?? { unknownBits: [] },
  volunteered: decodeBlock,
  // One round, answered on arrival even by a stopped printer.
  checkBeforeJob: [STAR_STATUS_REQUEST],
  job: (bytes) => bytes,
  clearBuffers: null,
};
