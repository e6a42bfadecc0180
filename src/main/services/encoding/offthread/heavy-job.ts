import type { EncoderJob } from './encoder-messages';

/**
 * Whether a job may keep an encoder thread busy for long: a document with a picture (decoding and dithering take
 * up to a second or more) or a large one. Cheap to tell from the document itself, before any work starts.
 */
export function isHeavyJob(job: EncoderJob): boolean {
  if (job.op !== 'encode') return false;
  const commands = (job.datos as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(commands)) return false;
  return commands.length > HEAVY_COMMAND_COUNT || commands.some((command) => (command as { type?: unknown } | null)?.type === 'image');
}

/** More commands than any receipt has (a long one has ~100). */
const HEAVY_COMMAND_COUNT = 1_000;
