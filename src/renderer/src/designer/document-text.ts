import type { CommandType } from '../../../shared/document/types';
import { COMMAND_DEFAULTS } from './command-defaults';

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

export function parseDocument(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export const formatDocument = (document: unknown): string => JSON.stringify(document, null, 2);

/** The command list of a parsed document, or an empty list when it has none yet. */
function commandsOf(document: unknown): { base: Record<string, unknown>; commands: unknown[] } {
  const base = typeof document === 'object' && document !== null && !Array.isArray(document) ? { ...(document as Record<string, unknown>) } : {};
  const commands = Array.isArray(base['commands']) ? [...(base['commands'] as unknown[])] : [];
  return { base, commands };
}

export function withCommandAdded(document: unknown, type: CommandType): unknown {
  const { base, commands } = commandsOf(document);
  return { ...base, commands: [...commands, structuredClone(COMMAND_DEFAULTS[type])] };
}

export function withCommandRemoved(document: unknown, index: number): unknown {
  const { base, commands } = commandsOf(document);
  return { ...base, commands: commands.filter((_, at) => at !== index) };
}

export function commandLabels(document: unknown): string[] {
  return commandsOf(document).commands.map((command) => {
    const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? type : '?';
  });
}
