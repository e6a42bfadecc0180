import { byteName, CommandReader, CutShort, Refused, type CommandSpec } from './command-reader';
import { escCommand } from './esc-commands';
import { dleCommand, fsCommand } from './fs-dle-commands';
import { gsCommand } from './gs-commands';
import { realTimeCommands } from './real-time';
import { cutShort, insideData, UNKNOWN } from './reasons';

/**
 * Safe mode: an allow-list. Raw bytes pass only when every byte belongs to printable text or to a command in the
 * allow-list (esc-commands, gs-commands, fs-dle-commands) whose parameters are all in range and whose data is all
 * there. Everything else is refused, naming the first offending command and its byte offset. The walk never skips
 * bytes it has not checked: a command's length always comes from parameters that were validated first.
 */

/** A command (or text run) safe mode checked and passed. */
export interface CheckedCommand {
  name: string;
  start: number;
  end: number;
}

export interface SafeModeRefusal {
  /** `GS ( E`, `ESC *`, `DLE DC4 2`, `BEL`… */
  name: string;
  /** Where the refused command starts in the raw data. */
  offset: number;
  /** Up to 8 of its bytes, from `offset`. */
  shown: Uint8Array;
  reason: string;
}

export type SafeModeCheck = { ok: true; commands: CheckedCommand[] } | { ok: false; refusal: SafeModeRefusal };

/** Single-byte commands: HT, LF, FF, CR, CAN. */
const SINGLE_BYTE: Record<number, string> = { 0x09: 'HT', 0x0a: 'LF', 0x0c: 'FF', 0x0d: 'CR', 0x18: 'CAN' };

const PREFIXES: Record<number, { label: string; read: CommandSpec }> = {
  0x1b: { label: 'ESC', read: escCommand },
  0x1d: { label: 'GS', read: gsCommand },
  0x1c: { label: 'FS', read: fsCommand },
  0x10: { label: 'DLE', read: dleCommand },
};

const SHOWN_BYTES = 8;

const isText = (byte: number): boolean => byte >= 0x20 && byte !== 0x7f;

function refusal(bytes: Uint8Array, name: string, offset: number, reason: string, length?: number): SafeModeCheck {
  const end = Math.min(bytes.length, offset + Math.min(SHOWN_BYTES, length ?? SHOWN_BYTES));
  return { ok: false, refusal: { name, offset, shown: bytes.slice(offset, end), reason } };
}

/** The command at `start`: passed with its end, or refused. */
function readOne(bytes: Uint8Array, start: number): CheckedCommand | SafeModeCheck {
  const first = bytes[start] ?? 0;
  if (isText(first)) {
    let end = start + 1;
    while (end < bytes.length && isText(bytes[end] ?? 0)) end++;
    return { name: 'text', start, end };
  }
  const single = SINGLE_BYTE[first];
  if (single) return { name: single, start, end: start + 1 };
  const prefix = PREFIXES[first];
  if (!prefix) return refusal(bytes, byteName(first), start, UNKNOWN, 1);
  const second = bytes[start + 1];
  const command = new CommandReader(bytes, start, second === undefined ? prefix.label : `${prefix.label} ${byteName(second)}`);
  try {
    const length = prefix.read(command);
    if (start + length > bytes.length) return refusal(bytes, command.name, start, cutShort(bytes.length - start, length));
    return { name: command.name, start, end: start + length };
  } catch (error) {
    if (error instanceof Refused) return refusal(bytes, command.name, start, error.reason, error.length);
    if (error instanceof CutShort) return refusal(bytes, command.name, start, error.message);
    throw error;
  }
}

/** Walks `bytes` command by command: every command passed, or the first one refused. Never throws. */
export function checkSafeMode(bytes: Uint8Array): SafeModeCheck {
  const commands: CheckedCommand[] = [];
  // Real-time commands act even inside another command's parameters or data: each must start a command of its own.
  const realTime = realTimeCommands(bytes);
  let next = 0;
  for (let at = 0; at < bytes.length; ) {
    const read = readOne(bytes, at);
    if ('ok' in read) return read;
    while ((realTime[next]?.offset ?? Infinity) <= read.start) next++;
    const hidden = realTime[next];
    if (hidden && hidden.offset < read.end) {
      return refusal(bytes, hidden.name, hidden.offset, insideData(hidden.reason, read.name, read.start), hidden.length);
    }
    commands.push(read);
    at = read.end;
  }
  return { ok: true, commands };
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');

/** The refusal as the job's error text, e.g. `safe mode refuses GS ( E at byte 0 (1D 28 45 …): it writes …`. */
export function describeRefusal({ name, offset, shown, reason }: SafeModeRefusal): string {
  return `safe mode refuses ${name} at byte ${offset} (${hex(shown)}): ${reason}`;
}

/** Why safe mode refuses some raw bytes, or undefined when it passes every one of them. */
export function safeModeProblem(bytes: Uint8Array): string | undefined {
  const check = checkSafeMode(bytes);
  return check.ok ? undefined : describeRefusal(check.refusal);
}
