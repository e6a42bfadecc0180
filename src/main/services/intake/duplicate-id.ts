import { JournalError } from '../journal/journal-error';
import { documentDigest } from '../journal/ticket-digest';
import type { PrintService } from '../print-service';

/**
 * Documents of tickets accepted by the intake and not yet in the journal (a group commit is on its way), by
 * service: a second ticket with the same id in that moment is compared with them, as it would be with the journal.
 */
const storing = new WeakMap<PrintService, Map<string, unknown>>();

export function rememberWhileStoring(service: PrintService, id: string, datos: unknown): void {
  let documents = storing.get(service);
  if (!documents) {
    documents = new Map();
    storing.set(service, documents);
  }
  documents.set(id, datos);
}

export function forgetStored(service: PrintService, id: string): void {
  storing.get(service)?.delete(id);
}

/**
 * Whether `datos` is the document already known under `id` (a resend: answered from the journal) or another one
 * (refused: one id, one document). Compared by digest (ticket-digest: canonical, so key order does not matter).
 * Throws a JobError for a document too deep to fingerprint. When the journal cannot be read the ticket counts as
 * the same, as before ids were checked: nothing is printed twice, and the window already says the journal is down.
 */
export function sameDocument(service: PrintService, id: string, datos: unknown): boolean {
  const newDigest = documentDigest(datos);
  const beingStored = storing.get(service)?.get(id);
  if (beingStored !== undefined) return documentDigest(beingStored) === newDigest;
  let known: string | undefined;
  try {
    known = service.journal.digestOf(id);
  } catch (error) {
    if (error instanceof JournalError) return true;
    throw error;
  }
  return known === undefined || known === newDigest;
}
