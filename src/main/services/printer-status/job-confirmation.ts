import { parsePrinterUri } from '../printers/printer-uri';

/**
 * The words for a job a printer did not confirm, shared by the plain TCP transport and jobs delivered over a status
 * session (TCP or USB), so the POS reads the same text whichever way the job went.
 */

/** The printer hung up or reset before confirming: the job may be torn, or not there at all. */
export const CUT_OFF = 'closed the connection before taking the whole job';

/**
 * No confirmation in time (`missing` says which one was awaited). The connection is reset then, so bytes still in
 * transit are dropped; a printer may still hold what it had read, which is why the text does not promise otherwise.
 */
export const notConfirmed = (bytes: number, withinMs: number, missing: string): string =>
  `did not confirm it took the whole job (${bytes} bytes) within ${withinMs} ms (${missing}), so the connection was reset`;

/**
 * How long a printer may take nothing of a job before it counts as stopped. A receipt printer reads as it prints, so a
 * quiet link means a stopped mechanism, except during a long feed or a cut (1 m of feed at 100 mm/s is 10 s).
 */
export const DEFAULT_STALL_MS = 12_000;

/** The printer stopped taking the job's bytes (paper out without a word, pulled cable, hung): reset, the rest dropped. */
export const stalledText = (bytes: number, stallMs: number): string =>
  `stopped taking the job (${bytes} bytes) and took nothing more for ${stallMs} ms, so the connection was reset`;

/** "printer at HOST:PORT" for a network printer, as its transport words it; "printer at URI" for the others. */
export function printerAt(uri: string): string {
  const parsed = uri.startsWith('tcp://') ? parsePrinterUri(uri) : null;
  return `printer at ${parsed?.kind === 'tcp' ? `${parsed.host}:${parsed.port}` : uri}`;
}
