import { createHash } from 'node:crypto';
import { rememberSecrets } from '../http/redact-secrets';
import type { Credentials } from './http-auth';
import { doorJobId } from '../intake/reserved-ids';

/** One SDP server bound to one Ticketera printer: what a TM-i's "Server Direct Print" settings page holds. */
export interface SdpBinding {
  /** Where GetRequest and SetResponse are posted (it may carry a query). */
  serverUrl: string;
  /** Where SetStatus is posted at its own interval; no status notification when left out. */
  statusUrl?: string | undefined;
  /** The Ticketera printer the orders print on (a printer URI or `default`). */
  printer: string;
  /** The printer's `ID` and `Name` as the server knows them (the TM-i's "ID" and "Name" settings). */
  deviceId: string;
  name: string;
  /** Shown in Jobs as where an order came from (the server's host when left out). */
  label?: string | undefined;
  credentials?: Credentials | undefined;
  /** Seconds between GetRequests (5 when left out) and between SetStatus (60). */
  pollIntervalSeconds?: number | undefined;
  statusIntervalSeconds?: number | undefined;
}

/** A URL ready for fetch: `user:password@` taken out (it becomes the credentials) and its secrets remembered. */
export interface PreparedUrl {
  url: string;
  host: string;
  credentials: Credentials | undefined;
  secrets: string[];
}

export function prepareUrl(raw: string, credentials: Credentials | undefined): PreparedUrl {
  const parsed = new URL(raw);
  const fromUrl = parsed.username || parsed.password ? { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : undefined;
  parsed.username = '';
  parsed.password = '';
  const chosen = credentials ?? fromUrl;
  // A server may put its key in the query: long query values are secrets too, like the password.
  const secrets = [chosen?.password ?? '', ...[...parsed.searchParams.values()].filter((value) => value.length >= 8)].filter((value) => value.length > 0);
  rememberSecrets(secrets);
  return { url: parsed.href, host: parsed.host, credentials: chosen, secrets };
}

/**
 * A short key of one binding for job ids: the server URL (hashed, it may carry a secret), the Ticketera printer and the
 * `ID` the server knows the printer by. Kitchen and counter bound to one server each get their own key, so the same
 * printjobid offered to both is two jobs, each printed on its own printer.
 */
export function bindingKeyOf(binding: JobBinding): string {
  return createHash('sha256').update(`sdp-binding\n${normalUrl(binding.serverUrl)}\n${binding.printer}\n${binding.deviceId}`).digest('hex').slice(0, 16);
}

function normalUrl(serverUrl: string): string {
  try {
    return new URL(serverUrl).href;
  } catch {
    // Not a URL: hashed as written.
    return serverUrl;
  }
}

/** What names a binding in its job ids. */
export type JobBinding = Pick<SdpBinding, 'serverUrl' | 'printer' | 'deviceId'>;

/**
 * The journal id of a job: the same binding and printjobid always give the same id, whatever else changes. The
 * printjobid is one that passed printjobid-rule: printable ASCII, so the id is plain text.
 */
export const jobIdOf = (binding: JobBinding, printjobid: string): string => doorJobId('sdp', `${bindingKeyOf(binding)}:${printjobid}`);

/**
 * The id a job had before ids named the binding (`sdp:<hash of the server URL>:<printjobid>`, as journaled until then):
 * an order printed under it just before an upgrade is answered from that print when offered again after it.
 */
export const formerJobIdOf = (serverUrl: string, printjobid: string): string =>
  doorJobId('sdp', `${createHash('sha256').update(normalUrl(serverUrl)).digest('hex').slice(0, 16)}:${printjobid}`);
