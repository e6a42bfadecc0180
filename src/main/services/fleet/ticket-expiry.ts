import type { ErrorMessage } from '../../../shared/protocol';
import type { PrintService } from '../print-service';

/** The user property our chain client sets on every ticket: when it was sent (ISO 8601, the sender's clock). */
export const SENT_AT_PROPERTY = 'sent-at';

/** The start of the `error` text for a ticket refused as too old; the client library turns it into kind `expired`. */
export const EXPIRED_TEXT = 'VALIDATION: ticket caducado, no se imprime / ticket expired before the shop received it, not printed';

/**
 * The site's own expiry (Settings: minutes), for tickets that carry no MQTT Message Expiry (the broker drops those
 * that do once expired, so they never get here). A ticket the journal already knows is left to the protocol: a
 * redelivery of a printed ticket is answered with its result, not called expired. Returns the refusal, or undefined.
 */
export function expiredBySentAt(
  text: string,
  userProperties: Record<string, string | string[]> | undefined,
  minutes: number,
  service: PrintService,
  now = Date.now(),
): ErrorMessage | undefined {
  if (minutes <= 0) return undefined;
  const raw = userProperties?.[SENT_AT_PROPERTY];
  const sentAt = Date.parse(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
  if (Number.isNaN(sentAt) || now - sentAt <= minutes * 60_000) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { tipo, id } = message as { tipo?: unknown; id?: unknown };
  if (tipo !== 'ticket') return undefined;
  if (typeof id === 'string' && (service.queue.isPending(id) || service.job(id) !== undefined)) return undefined;
  const age = Math.round((now - sentAt) / 60_000);
  const mensaje = `${EXPIRED_TEXT} (${age} min, limit ${minutes} min)`;
  return typeof id === 'string' && id.length <= 256 ? { tipo: 'error', id, status: 'error', mensaje } : { tipo: 'error', status: 'error', mensaje };
}
