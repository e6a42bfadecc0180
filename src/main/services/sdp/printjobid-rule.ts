/**
 * Which printjobids name a job. Epson's rule is 1 to 30 letters, digits, `_`, `-` and `.` (Server Direct Print User's
 * Manual, "When Specifying the Print Job ID"); servers also send UUIDs (36) and order numbers with `#` or `/`, which a
 * TM-i prints, so Ticketera takes any printable ASCII without spaces, up to 128 — each such id travels unchanged into
 * the journal and back in SetResponse. Anything else (`ORD 2`, a control character, text that is not valid, an
 * id too long) cannot be kept as the server's name for the job.
 */
export const MAX_PRINTJOBID_CHARS = 128;

const NAMEABLE = /^[\x21-\x7e]+$/;
/** Half of a UTF-16 surrogate pair on its own (a `&#xD800;` reference): with `u`, a whole pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a printjobid (trimmed, entities decoded) cannot name a job, or null when it can. */
export function printjobidProblem(printjobid: string): string | null {
  if (LONE_SURROGATE.test(printjobid)) return 'the printjobid is not valid text (half of a UTF-16 surrogate pair)';
  if (printjobid.length > MAX_PRINTJOBID_CHARS) return `the printjobid is longer than ${MAX_PRINTJOBID_CHARS} characters`;
  if (!NAMEABLE.test(printjobid)) return 'the printjobid holds a space, a control character or a character outside ASCII';
  return null;
}
