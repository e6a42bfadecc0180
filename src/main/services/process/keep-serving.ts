/**
 * The last line of defence of a process that prints for a shop: an error that escaped every handler (a bug in one
 * job's path, a library emitting an error nobody listens to) is logged and the process keeps serving. The journal is
 * transactional and each job's state is written before and after it prints, so going on is safer than stopping
 * every till's printing; exiting would only be followed by the same failure on restart.
 * Returns the function that removes the handlers (tests, or a host that installs its own).
 */
export function keepServingOnUnexpectedErrors(log: (line: string) => void): () => void {
  let reported = 0;
  const report = (kind: string, error: unknown): void => {
    reported += 1;
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`${kind} #${reported} (the service keeps running): ${text}`);
  };
  const onRejection = (reason: unknown): void => report('Unhandled rejection', reason);
  const onException = (error: Error): void => report('Uncaught exception', error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
