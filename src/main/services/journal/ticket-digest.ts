import { createHash } from 'node:crypto';
import { JobError } from '../../../shared/job-error';
import { MAX_DOCUMENT_DEPTH } from '../queue/serialize-ticket';

/**
 * The fingerprint of a ticket's document, kept beside it in the journal: a ticket id is an idempotency key (as
 * payment APIs use them), so a known id with the same document is a resend and one with another document is refused.
 * SHA-256 of the canonical JSON: object keys sorted, so a POS that re-serializes the same ticket with its keys in
 * another order (a retry after a reconnect, another JSON library) is still recognised as the same ticket.
 */
export function documentDigest(datos: unknown): string {
  return createHash('sha256').update(canonicalJson(datos, 1)).digest('hex');
}

/**
 * JSON with every object's keys in code-unit order, as JSON.stringify writes values otherwise (undefined members
 * dropped). Bounded like serializeTicket, so a hostile document nested 10,000 deep is refused instead of overflowing.
 */
function canonicalJson(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth > MAX_DOCUMENT_DEPTH) throw new JobError('VALIDATION', `datos nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  if (Array.isArray(value)) return `[${(value as unknown[]).map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    if (record[key] !== undefined) members.push(`${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`);
  }
  return `{${members.join(',')}}`;
}
