import { parseArgs } from 'node:util';
import { FORMALITIES, type Formality } from '../../services/translation/translate-options';
import { flagsOrUsage, type CliCommand } from '../command';
import { openTranslationSession, reportFailure } from './translate-session';

const USAGE = `translate --to LANG [--from LANG] [--formality ${FORMALITIES.join('|')}] [--glossary ID] [--json] [--server-url URL] TEXT…`;

/** `npm run cli -- translate`: for scripts and support, the same translation (and cache) the designer uses. */
export const translateCommand: CliCommand = {
  name: 'translate',
  usage: USAGE,
  summary: 'Translates each TEXT in order, one per line (--json: the service\'s fields plus "cached"); cached texts are not sent again.',
  async run(args) {
    const flags = flagsOrUsage(args, readFlags, USAGE);
    if (!flags) return 2;
    const session = openTranslationSession(flags.serverUrl);
    try {
      const outcome = await session.service.text.translate({
        texts: flags.texts,
        options: {
          targetLang: flags.to,
          ...(flags.from ? { sourceLang: flags.from } : {}),
          ...(flags.formality ? { formality: flags.formality } : {}),
          ...(flags.glossary ? { glossaryId: flags.glossary } : {}),
        },
        signal: session.signal,
      });
      if (flags.json) {
        const translations = outcome.translations.map((translation) => ({
          detected_source_language: translation.detectedSourceLanguage,
          text: translation.text,
          billed_characters: translation.billedCharacters,
          ...(translation.modelTypeUsed ? { model_type_used: translation.modelTypeUsed } : {}),
          ...(translation.tagHandlingVersion ? { tag_handling_version: translation.tagHandlingVersion } : {}),
          cached: translation.cached,
        }));
        process.stdout.write(`${JSON.stringify({ translations }, null, 2)}\n`);
      } else process.stdout.write(`${outcome.translations.map((translation) => translation.text).join('\n')}\n`);
      return 0;
    } catch (error) {
      return reportFailure(error, session);
    } finally {
      session.close();
    }
  },
};

interface TranslateFlags {
  to: string;
  from?: string;
  formality?: Formality;
  glossary?: string;
  json: boolean;
  serverUrl?: string;
  texts: string[];
}

function readFlags(args: string[]): TranslateFlags {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      formality: { type: 'string' },
      glossary: { type: 'string' },
      json: { type: 'boolean', default: false },
      'server-url': { type: 'string' },
    },
  });
  if (!values.to) throw new Error('--to is required');
  if (positionals.length === 0) throw new Error('at least one TEXT is required');
  const formality = values.formality;
  if (formality !== undefined && !(FORMALITIES as readonly string[]).includes(formality)) throw new Error(`--formality must be one of ${FORMALITIES.join(', ')}`);
  return {
    to: values.to,
    json: values.json,
    texts: positionals,
    ...(values.from ? { from: values.from } : {}),
    ...(formality ? { formality: formality as Formality } : {}),
    ...(values.glossary ? { glossary: values.glossary } : {}),
    ...(values['server-url'] ? { serverUrl: values['server-url'] } : {}),
  };
}
