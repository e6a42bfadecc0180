import type { CampusEnvelope, ChangelogEntry, WirelessAuth } from '../../../shared/contract/campus-types';

/** The campus methods Ticketera reads, and what each one's `data` becomes. */
export interface CampusData {
  wireless: WirelessAuth;
  changelog: ChangelogEntry[];
}
export type CampusMethod = keyof CampusData;

/** What the reader thread is given: the body as received, and the keys to remove from what it hands back. */
export interface CampusReadRequest<M extends CampusMethod> {
  method: M;
  body: string;
  secrets: string[];
}

/**
 * What the reader thread found, as plain data (the only thing that crosses threads). Every text in it is already
 * redacted and capped, and lists are bounded, so taking it in costs the main thread next to nothing.
 */
export type CampusReading<M extends CampusMethod> =
  | { kind: 'read'; envelope: CampusEnvelope<CampusData[M]> }
  /** `meta.status` is not 200: the service's own refusal. */
  | { kind: 'refused'; code: number; message: string | null }
  /** Neither JSON, JSONP nor well-formed XML. */
  | { kind: 'unreadable'; detail: string }
  /** Readable but not the documented shape; `envelope` says whether `meta` itself was readable. */
  | { kind: 'misshapen'; detail: string; envelope: boolean };
