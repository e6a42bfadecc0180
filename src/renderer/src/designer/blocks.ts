import type { CommandType, PrintCommand } from '../../../shared/document/types';
import { COMMAND_DEFAULTS } from './command-defaults';

/** The parts of a parsed document the visual editor works on: everything but the commands, and the commands. */
export interface DocumentParts {
  base: Record<string, unknown>;
  commands: unknown[];
}

export function partsOf(document: unknown): DocumentParts {
  const base = typeof document === 'object' && document !== null && !Array.isArray(document) ? { ...(document as Record<string, unknown>) } : {};
  const commands = Array.isArray(base['commands']) ? [...(base['commands'] as unknown[])] : [];
  return { base, commands };
}

export const documentOf = ({ base, commands }: DocumentParts): unknown => ({ ...base, commands });

/** The blocks the palette offers, in the order a receipt usually needs them (raw bytes stay in the JSON view). */
export const BLOCK_TYPES: readonly CommandType[] = ['text', 'line', 'table', 'qr', 'barcode', 'image', 'feed', 'cut', 'drawer', 'beep'];

export const newCommand = (type: CommandType): PrintCommand => structuredClone(COMMAND_DEFAULTS[type]);

export function typeOf(command: unknown): string | undefined {
  const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

export function isKnownType(type: string | undefined): type is CommandType {
  return type !== undefined && Object.prototype.hasOwnProperty.call(COMMAND_DEFAULTS, type);
}

/** The command's `data` as an object the forms can spread (missing or malformed data reads as empty). */
export function dataOf(command: unknown): Record<string, unknown> {
  const data = typeof command === 'object' && command !== null ? (command as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** A short line that tells blocks apart in the list: the text, the code's content, the table's size… */
export function summaryOf(command: unknown): string {
  const data = dataOf(command);
  switch (typeOf(command)) {
    case 'text':
    case 'qr':
    case 'barcode': {
      const text = String(data['text'] ?? data['data'] ?? '');
      return text.length > 40 ? `${text.slice(0, 39)}…` : text;
    }
    case 'line':
      return String(data['char'] ?? '-').repeat(12);
    case 'table': {
      const columns = Array.isArray(data['columns']) ? data['columns'].length : 0;
      const rows = Array.isArray(data['rows']) ? data['rows'].length : 0;
      return `${columns} × ${rows}`;
    }
    case 'feed':
      return `×${String(data['lines'] ?? 1)}`;
    case 'beep':
      return `×${String(data['times'] ?? 1)}`;
    case 'drawer':
      return `pin ${String(data['pin'] ?? 2)}`;
    default:
      return '';
  }
}

let nextId = 0;
export const newBlockId = (): string => `block-${++nextId}`;
