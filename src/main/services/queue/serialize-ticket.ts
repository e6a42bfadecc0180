import { JobError } from '../../../shared/job-error';

/** Deeper than any print document needs (a table cell sits 6 levels down); deep enough never to refuse a real one. */
export const MAX_DOCUMENT_DEPTH = 64;
/** A serialized document larger than this is refused (a frame is at most 5 MiB by default; the window's API too). */
export const MAX_DOCUMENT_JSON_BYTES = 8 * 1024 * 1024;

/**
 * Serializes one ticket's document on its own, before it joins a group commit, so a hostile ticket (nested 10,000
 * deep, which overflows `JSON.stringify`) fails alone with a clear text instead of failing every ticket of its turn.
 * The depth is measured without recursion, so measuring cannot overflow either.
 */
export function serializeTicket(datos: unknown): string {
  const depth = depthOf(datos, MAX_DOCUMENT_DEPTH + 1);
  if (depth > MAX_DOCUMENT_DEPTH) {
    throw new JobError('VALIDATION', `datos nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(datos);
  } catch (error) {
    throw new JobError('JSON', `datos cannot be stored (${(error as Error).message})`);
  }
  if (json === undefined) throw new JobError('JSON', 'datos cannot be stored (not a JSON value)');
  if (json.length > MAX_DOCUMENT_JSON_BYTES) {
    throw new JobError('VALIDATION', `datos is larger than ${MAX_DOCUMENT_JSON_BYTES / (1024 * 1024)} MiB`);
  }
  return json;
}

/** The nesting depth of a JSON value, counting stops once `stopAt` is reached. */
function depthOf(value: unknown, stopAt: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (next.value === null || typeof next.value !== 'object') continue;
    deepest = Math.max(deepest, next.depth);
    if (deepest >= stopAt) return deepest;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return deepest;
}
