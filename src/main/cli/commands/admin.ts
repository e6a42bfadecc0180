import type { CliCommand } from '../command';
import { createKeySubcommand, deactivateSubcommand, keysSubcommand, labelSubcommand, limitsSubcommand } from './admin-key-commands';
import { customTagsSubcommand, usageSubcommand } from './admin-usage-commands';

const SUBCOMMANDS = [keysSubcommand, createKeySubcommand, labelSubcommand, limitsSubcommand, deactivateSubcommand, usageSubcommand, customTagsSubcommand];

const USAGE = `admin <${SUBCOMMANDS.map((subcommand) => subcommand.name).join('|')}> …`;

/**
 * `npm run cli -- admin …`: the translation account's organization admin (developer keys, usage, custom tags) with
 * TICKETERA_ADMIN_KEY (or --server-url / TICKETERA_ADMIN_URL for another address).
 */
export const adminCommand: CliCommand = {
  name: 'admin',
  usage: USAGE,
  summary: 'Organization admin of the translation account: developer keys, their limits, usage and custom tags (TICKETERA_ADMIN_KEY).',
  async run(args) {
    const [name, ...rest] = args;
    const subcommand = SUBCOMMANDS.find((candidate) => candidate.name === name);
    if (!subcommand) {
      const list = SUBCOMMANDS.map((candidate) => `  npm run cli -- ${candidate.usage}`).join('\n');
      process.stderr.write(`${name && name !== '--help' ? `Unknown admin command: ${name}\n\n` : ''}Usage:\n${list}\n`);
      return name && name !== '--help' ? 2 : 0;
    }
    return subcommand.run(rest);
  },
};
