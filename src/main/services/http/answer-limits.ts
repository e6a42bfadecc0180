/**
 * How much of an outside service's answer Ticketera reads. Every answer is counted while it streams in and the
 * request is aborted past its limit, before anything is buffered, parsed or saved: a wrong address serving a video,
 * a broken proxy or a hostile server must not fill the memory (a 3.8 GB answer once took `serve` to 6.8 GB and a
 * fatal V8 error) nor the disk the print journal lives on. The limits are far above any real answer, so reaching one
 * means the server is not the service it claims to be.
 */

const MiB = 1024 * 1024;

/**
 * A JSON answer of a service without a limit of its own. The translation service's largest is a translate answer for
 * the largest request (128 KiB of text): a few hundred KiB even in a script that triples the bytes; the language
 * list, usage, glossary and document status are a few KiB.
 */
export const JSON_ANSWER_LIMIT = 4 * MiB;

/**
 * The organization admin service: a year of usage grouped by key and day is about 350 bytes a row, so 16 MiB holds a
 * year for well over a hundred keys (a shop has a handful); one page of the custom-tag report is far smaller.
 */
export const ADMIN_ANSWER_LIMIT = 16 * MiB;

/** An error answer of a library's request: only its `message` is read, the rest is never buffered. */
export const ERROR_ANSWER_LIMIT = 64 * 1024;

/**
 * A translated document comes back about the size it went (text grows at most two or three times in another script;
 * a conversion — pdf to docx — may grow more): ten times the upload covers both. Small files get a floor, as a
 * converted format has a fixed overhead (a docx or a pdf with its fonts is a few hundred KiB even for one line), and
 * the ceiling keeps the worst case one modest file: the window's 10 MiB uploads stop at it, not at 100 MiB.
 */
export const DOWNLOAD_LIMITS = { factor: 10, floorBytes: 4 * MiB, ceilingBytes: 50 * MiB } as const;

/** The most a document download may bring for an upload of `uploadBytes` (unknown for jobs saved before: the ceiling). */
export function downloadLimit(uploadBytes: number | undefined): number {
  if (uploadBytes === undefined || !Number.isFinite(uploadBytes)) return DOWNLOAD_LIMITS.ceilingBytes;
  return Math.min(DOWNLOAD_LIMITS.ceilingBytes, Math.max(DOWNLOAD_LIMITS.floorBytes, DOWNLOAD_LIMITS.factor * uploadBytes));
}
