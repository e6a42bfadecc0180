/**
 * The prefixes of the ids the vendor doors give their jobs in the journal (`epos:<printjobid>`, `webprnt:<id>`,
 * `cloudprnt:<server>:<token>`, `sdp:<server>:<printjobid>`; see each door). Ids belong to their door: a `/ws` or fleet
 * ticket under one of them would take an id a POS or server of that door uses later, whose job would then be refused
 * as a duplicate or answered with this ticket's result. Compared exactly, as the journal compares ids.
 */
export const ID_DOORS = ['epos', 'webprnt', 'cloudprnt', 'sdp'] as const;
export type IdDoor = (typeof ID_DOORS)[number];
export const RESERVED_ID_PREFIXES: readonly string[] = ID_DOORS.map((door) => `${door}:`);

/** A vendor door's journal id: the door's reserved prefix, then what names the job within the door. */
export const doorJobId = (door: IdDoor, name: string): string => `${door}:${name}`;

/** The reserved prefix `id` starts with, if any. */
export function reservedPrefixOf(id: string): string | undefined {
  return RESERVED_ID_PREFIXES.find((prefix) => id.startsWith(prefix));
}
