import { parseBoundedJson } from './bounded-json';

/**
 * Whether a JSON text is light enough to be parsed again on the thread that answers the print clients: an official
 * client library (deepl-node) parses its answers itself, so a large one is first read here on a reading thread, and
 * the library is given only answers that are JSON and hold at most `maxValues` values (parsing 4 KiB–256 KiB of
 * those takes at most a few ms; 4 MiB of empty objects took 640 ms).
 */
export type JsonWeight = { kind: 'light' } | { kind: 'unreadable'; detail: string };

export function weighJson(text: string, params: { maxValues: number }): JsonWeight {
  const parsed = parseBoundedJson(text, params.maxValues);
  if (parsed.kind === 'unreadable') return { kind: 'unreadable', detail: `the answer ${parsed.detail}` };
  const pending: unknown[] = [parsed.value];
  let values = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    values += 1;
    if (values > params.maxValues) return { kind: 'unreadable', detail: `the answer holds more than ${params.maxValues} values, far more than any answer of this call` };
    if (Array.isArray(value)) pending.push(...(value as unknown[]).slice(0, params.maxValues));
    else if (typeof value === 'object' && value !== null) pending.push(...Object.values(value).slice(0, params.maxValues));
  }
  return { kind: 'light' };
}
