import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openAdminSession, reportAdminFailure, type AdminSession } from './admin-session';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;

/** One `admin <name>` subcommand: its flags (every one takes `--server-url`), its positionals, and what it does. */
export interface AdminSubcommand {
  name: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

/** A wrong flag is exit 2 with the usage; a failure of the service is exit 1 (130 when cancelled) with the clear message. */
export class UsageError extends Error {}

export function adminSubcommand<O extends Options>(
  definition: { name: string; usage: string; options: O; positionals: number },
  body: (session: AdminSession, parsed: Parsed<O>) => Promise<number>,
): AdminSubcommand {
  const options = { ...definition.options, 'server-url': { type: 'string' } } as O;
  const usage = `admin ${definition.usage} [--server-url URL]`;
  return {
    name: definition.name,
    usage,
    async run(args) {
      let parsed: Parsed<O>;
      try {
        parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
        if (parsed.positionals.length !== definition.positionals) throw new UsageError(`expects ${definition.positionals} argument${definition.positionals === 1 ? '' : 's'}, got ${parsed.positionals.length}`);
      } catch (error) {
        process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${usage}\n`);
        return 2;
      }
      const serverUrl = (parsed.values as Record<string, unknown>)['server-url'];
      const session = openAdminSession(typeof serverUrl === 'string' ? serverUrl : undefined);
      try {
        return await body(session, parsed);
      } catch (error) {
        if (error instanceof UsageError) {
          process.stderr.write(`${error.message}\nUsage: npm run cli -- ${usage}\n`);
          return 2;
        }
        return reportAdminFailure(error, session);
      } finally {
        session.close();
      }
    },
  };
}

/** `--json` and `--csv` ask for two different outputs. */
export function outputFormat(values: { json?: boolean | undefined; csv?: boolean | undefined }): 'text' | 'json' | 'csv' {
  if (values.json && values.csv) throw new UsageError('--json and --csv cannot be used together');
  return values.json ? 'json' : values.csv ? 'csv' : 'text';
}
