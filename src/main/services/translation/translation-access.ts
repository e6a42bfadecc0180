import { resolveAccess, type AccessSources, type ServiceAccess } from '../http/service-access';

/** The environment variables that set the translation key and address (they win over the saved settings). */
export const TRANSLATION_VARIABLES = { key: 'TICKETERA_TRANSLATION_KEY', url: 'TICKETERA_TRANSLATION_URL' } as const;

export type TranslationAccess = ServiceAccess<'TICKETERA_TRANSLATION_KEY', 'TICKETERA_TRANSLATION_URL'>;

/** No address at all means the vendor's paid address, or the free one for keys ending in `:fx` (deepl-node decides). */
export function resolveTranslationAccess(sources: AccessSources): TranslationAccess {
  return resolveAccess(TRANSLATION_VARIABLES, sources);
}
