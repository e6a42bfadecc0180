/**
 * Where a ticket came from, kept with the job in the journal: the window says "Desde: tpv.cafeole.es (TPV)", and jobs
 * restored after a restart keep their requester apart from the others (see the queue's door.ts).
 *
 * `pos`: a POS over the WebSocket; `fleet`: remote printing through the chain's broker; `window`: Ticketera's own
 * window (a test page, a ticket from the designer). `epos`, `webprnt`, `cloudprnt` and `sdp` are the doors that speak
 * the printer makers' own protocols (Epson ePOS-Print, Star WebPRNT / CloudPRNT, SDP).
 */
export const JOB_SOURCE_KINDS = ['pos', 'fleet', 'window', 'epos', 'webprnt', 'cloudprnt', 'sdp'] as const;
export type KnownJobSourceKind = (typeof JOB_SOURCE_KINDS)[number];
/**
 * Open: a journal written by a later version may name a door this one does not know yet. It is kept and shown by
 * its label alone, never refused. (`string & {}` keeps the known kinds offered by the editor.)
 */
export type JobSourceKind = KnownJobSourceKind | (string & {});

export interface JobSource {
  kind: JobSourceKind;
  /**
   * Which one of that kind, in a few words: the web page's site (`tpv.cafeole.es`, its Origin), the client's address
   * when it sent none (a native POS), the fleet requester's name (its response topic's last level), `Ticketera` for
   * the window. May be empty when the door could not tell (a fleet request without a response topic).
   */
  label: string;
}

export const WINDOW_SOURCE: JobSource = { kind: 'window', label: 'Ticketera' };

export const isKnownSourceKind = (kind: JobSourceKind): kind is KnownJobSourceKind => (JOB_SOURCE_KINDS as readonly string[]).includes(kind);
