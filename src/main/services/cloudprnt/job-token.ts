/**
 * The `jobToken` a server names a job by goes back in the query of the job's GET and of its confirmation, and into
 * the journal id. The longest taken: a server's URL limit is a few KiB, and real tokens are order numbers and UUIDs.
 */
export const MAX_TOKEN_CHARS = 2048;

/**
 * Half of a UTF-16 surrogate pair on its own (JSON can carry `"\ud800"`): with the `u` flag a whole pair is one code
 * point, so only a lone half matches. Such text has no UTF-8 form: it cannot be percent-encoded nor stored as itself.
 */
export const LONE_SURROGATE = /\p{Cs}/u;

/** Why a token cannot be sent back to the server as it was given, or null when it can. */
export function tokenProblem(token: string): string | null {
  if (token.length > MAX_TOKEN_CHARS) return `the job token is longer than ${MAX_TOKEN_CHARS} characters`;
  if (LONE_SURROGATE.test(token)) return 'the job token is not valid text (half of a UTF-16 surrogate pair)';
  return null;
}
