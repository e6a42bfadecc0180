/**
 * The prefixes of the ids the vendor doors give their jobs in the journal (`epos:<printjobid>`, `webprnt:<id>`,
 * `cloudprnt:<server>:<token>`, `sdp:<server>:<printjobid>`; see each door). Ids belong to their door: a `/ws` or fleet
 * ticket under one of them would take an id a POS or server of that door uses later, whose job would then be refused
 * as a duplicate or answered with this ticket's result. Compared exactly, as the journal compares ids.
 */
export const RESERVED_ID_PREFIXES = ['epos:', 'webprnt:', 'cloudprnt:', 'sdp:'] as const;

/** The reserved prefix `id` starts with, if any. */
export function reservedPrefixOf(id: string): string | undefined {
  return RESERVED_ID_PREFIXES.find((prefix) => id.startsWith(prefix));
}
