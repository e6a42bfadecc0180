import { createHash } from 'node:crypto';

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

/** A short key of a server URL for job ids (`cloudprnt:<key>:<jobToken>`): the URL itself may carry a secret. */
export function serverKeyOf(serverUrl: string): string {
  return createHash('sha256').update(normalUrl(serverUrl)).digest('hex').slice(0, 16);
}

/** The journal id of a job: the same server and token always give the same id, whatever else changes. */
export const jobIdOf = (serverUrl: string, jobToken: string): string => `cloudprnt:${serverKeyOf(serverUrl)}:${jobToken}`;

function normalUrl(serverUrl: string): string {
  try {
    return new URL(serverUrl).href;
  } catch {
    return serverUrl;
  }
}
