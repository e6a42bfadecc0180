import { createHash } from 'node:crypto';
import { doorJobId } from '../intake/reserved-ids';

/**
 * Who the server sees. A CloudPRNT server registers its printers by `printerMAC` (Star's CloudPRNT Developer Guide,
 * "JSON Request": "primarily for client identification purposes"), so each binding of a server URL to a Ticketera
 * printer gets its own stable address, derived from both and shown to the owner to type into the server. The first
 * byte has the "locally administered" bit set and the multicast bit clear (IEEE 802), so it can never be mistaken
 * for a real card's address.
 */
export function printerMacOf(serverUrl: string, printer: string): string {
  const digest = createHash('sha256').update(`cloudprnt-mac\n${normalUrl(serverUrl)}\n${printer}`).digest();
  const bytes = [...digest.subarray(0, 6)];
  bytes[0] = ((bytes[0] ?? 0) & 0xfc) | 0x02;
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/**
 * A short key of one binding for job ids: the server URL (hashed, it may carry a secret) and the MAC the server knows
 * the printer by. Kitchen and counter bound to one server each get their own key, so the same jobToken offered to
 * both (servers often use the order number) is two jobs, each printed on its own printer.
 */
export function bindingKeyOf(serverUrl: string, printerMac: string): string {
  return createHash('sha256').update(`cloudprnt-binding\n${normalUrl(serverUrl)}\n${printerMac}`).digest('hex').slice(0, 16);
}

/**
 * The journal id of a job (`cloudprnt:<binding key>:<jobToken>`): the same binding and token always give the same id,
 * whatever else changes. The token is written so that every id is plain text and no two tokens share one: `%` and
 * anything that is not printable ASCII is percent-encoded (a well-formed token only: see job-token).
 */
export const jobIdOf = (serverUrl: string, printerMac: string, jobToken: string): string =>
  doorJobId('cloudprnt', `${bindingKeyOf(serverUrl, printerMac)}:${idText(jobToken)}`);

/**
 * The id a job had before ids named the binding (`cloudprnt:<hash of the server URL>:<jobToken>`, as journaled until
 * then): an order printed under it just before an upgrade is answered from that print when offered again after it.
 */
export const formerJobIdOf = (serverUrl: string, jobToken: string): string =>
  doorJobId('cloudprnt', `${createHash('sha256').update(normalUrl(serverUrl)).digest('hex').slice(0, 16)}:${jobToken}`);

const idText = (token: string): string => token.replace(/[^\x21-\x24\x26-\x7e]+/g, (run) => encodeURIComponent(run));

function normalUrl(serverUrl: string): string {
  try {
    return new URL(serverUrl).href;
  } catch {
    return serverUrl;
  }
}
