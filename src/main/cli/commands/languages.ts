import { parseArgs } from 'node:util';
import { alignColumns } from '../text-columns';
import { flagsOrUsage, type CliCommand } from '../command';
import { OTHER_TEXTS } from './translate-messages';
import { openTranslationSession, reportFailure } from './translate-session';

const USAGE = 'languages [--target] [--server-url URL]';

/** `npm run cli -- languages`: the source (or `--target`) languages the translation service offers, as it lists them. */
export const languagesCommand: CliCommand = {
  name: 'languages',
  usage: USAGE,
  summary: 'Lists the translation service\'s source languages (--target: target languages, with formality support).',
  async run(args) {
    const values = flagsOrUsage(args, readFlags, USAGE);
    if (!values) return 2;
    const session = openTranslationSession(values['server-url']);
    try {
      const lists = await session.service.languages.lists({ signal: session.signal });
      const es = session.language === 'es';
      const rows = values.target
        ? [
            [es ? 'CÓDIGO' : 'CODE', es ? 'NOMBRE' : 'NAME', es ? 'FORMALIDAD' : 'FORMALITY'],
            ...lists.target.map((language) => [language.code, language.name, language.supportsFormality ? (es ? 'sí' : 'yes') : '']),
          ]
        : [[es ? 'CÓDIGO' : 'CODE', es ? 'NOMBRE' : 'NAME'], ...lists.source.map((language) => [language.code, language.name])];
      process.stdout.write(`${alignColumns(rows)}\n`);
      if (lists.stale) process.stderr.write(`${OTHER_TEXTS.staleLanguages[session.language]()}\n`);
      return 0;
    } catch (error) {
      return reportFailure(error, session);
    } finally {
      session.close();
    }
  },
};

function readFlags(args: string[]) {
  return parseArgs({ args, options: { target: { type: 'boolean', default: false }, 'server-url': { type: 'string' } } }).values;
}
