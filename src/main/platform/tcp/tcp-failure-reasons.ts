/** What each socket error means for a printer, after "printer at HOST:PORT". */
export const TCP_FAILURE_REASONS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection (is it on, and is the port right?)',
  EHOSTUNREACH: 'is unreachable (wrong network or address?)',
  ENETUNREACH: 'is unreachable (no route to that network)',
  ENOTFOUND: 'has a name that does not resolve',
  ECONNRESET: 'dropped the connection while receiving the job',
  EPIPE: 'dropped the connection while receiving the job',
  ETIMEDOUT: 'did not answer',
  EMFILE: 'could not be reached: this computer has no file descriptors left (EMFILE)',
};
