/** One `npm run cli -- <name> …` command. */
export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  /** Resolves to the process exit code; a long-running command resolves only when it stops. */
  run(args: string[]): Promise<number>;
}

/** A command's flags read by `read`, or undefined once the reason and the usage line are printed (exit code 2). */
export function flagsOrUsage<T>(args: string[], read: (args: string[]) => T, usage: string): T | undefined {
  try {
    return read(args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${usage}\n`);
    return undefined;
  }
}
