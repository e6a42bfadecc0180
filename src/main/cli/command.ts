/** One `npm run cli -- <name> …` command. */
export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  /** Resolves to the process exit code; a long-running command resolves only when it stops. */
  run(args: string[]): Promise<number>;
}
