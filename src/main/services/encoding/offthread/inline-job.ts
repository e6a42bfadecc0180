import type { EncoderJob } from './encoder-messages';

/** A long receipt has ~100 commands. */
const INLINE_MAX_COMMANDS = 200;
/** Characters of text in all: a long receipt has ~3,000. Encoding 16 K takes well under a millisecond. */
const INLINE_MAX_CHARS = 16 * 1024;
/** Values of every kind (a table's numbers count too). */
const INLINE_MAX_VALUES = 4_000;

/**
 * Whether a job is a small plain receipt, cheap enough to encode on the calling thread (~0.05 ms; a long one ~0.3 ms)
 * instead of keeping an encoder thread started for it (~15 MB on Node 22): text, tables, lines, codes, cuts, beeps
 * and the drawer; at most 200 commands and 16 K characters; no picture; and only Latin-1 and € (what every printer's
 * code pages print as text), since text drawn as an image loads the text engine.
 * Anything else, or anything unexpected in its shape, goes to a thread. Cheap to tell: one pass over the strings.
 */
export function isInlineJob(job: EncoderJob): boolean {
  if (job.op !== 'encode') return false;
  const commands = (job.datos as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(commands) || commands.length > INLINE_MAX_COMMANDS) return false;
  let chars = 0;
  let values = 0;
  /** Strings (counted and checked), numbers, booleans, and arrays or objects of them: a table's rows, a text's size. */
  const plain = (value: unknown, depth: number): boolean => {
    // However a frame is shaped, telling costs at most this many steps.
    if (++values > INLINE_MAX_VALUES) return false;
    if (value === undefined || typeof value === 'number' || typeof value === 'boolean') return true;
    if (typeof value === 'string') {
      chars += value.length;
      return chars <= INLINE_MAX_CHARS && printsAsText(value);
    }
    if (depth === 0 || typeof value !== 'object' || value === null) return false;
    return (Array.isArray(value) ? value : Object.values(value)).every((item) => plain(item, depth - 1));
  };
  return commands.every((command) => {
    if (typeof command !== 'object' || command === null) return false;
    const { type, data } = command as { type?: unknown; data?: unknown };
    // data.rows[row][cell] is the deepest a plain command goes.
    return typeof type === 'string' && PLAIN_TYPES.has(type) && plain(data, 3);
  });
}

const PLAIN_TYPES = new Set(['text', 'feed', 'line', 'qr', 'barcode', 'table', 'beep', 'cut', 'drawer', 'raw']);

/** Latin-1 and €: what every printer's code pages print as text (PC858 has them all), never drawn as an image. */
function printsAsText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x100 || code === 0x20ac) continue;
    return false;
  }
  return true;
}
