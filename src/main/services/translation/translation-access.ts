/** Where the key and the address came from, so a person can tell which one is in force. */
export interface TranslationAccess {
  apiKey?: string;
  apiKeySource?: 'TICKETERA_TRANSLATION_KEY' | 'settings';
  serverUrl?: string;
  serverUrlSource?: '--server-url' | 'TICKETERA_TRANSLATION_URL' | 'settings';
}

export interface AccessSources {
  /** `--server-url` on the command line. */
  flagServerUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The saved `translationApiKey` secret (only readable where the OS keychain is). */
  savedKey?: string | undefined;
  /** The saved `translationBaseUrl` ('' = not set). */
  savedServerUrl?: string | undefined;
}

/**
 * The environment wins over the saved settings (as `TICKETERA_TOKEN` does for the print service): an operator or a
 * script can point one run elsewhere without touching the owner's settings. No address at all means the vendor's
 * paid address, or the free one for keys ending in `:fx` (deepl-node decides).
 */
export function resolveTranslationAccess(sources: AccessSources): TranslationAccess {
  const access: TranslationAccess = {};
  const envKey = sources.env['TICKETERA_TRANSLATION_KEY']?.trim();
  if (envKey) Object.assign(access, { apiKey: envKey, apiKeySource: 'TICKETERA_TRANSLATION_KEY' });
  else if (sources.savedKey) Object.assign(access, { apiKey: sources.savedKey, apiKeySource: 'settings' });
  const envUrl = sources.env['TICKETERA_TRANSLATION_URL']?.trim();
  if (sources.flagServerUrl) Object.assign(access, { serverUrl: sources.flagServerUrl, serverUrlSource: '--server-url' });
  else if (envUrl) Object.assign(access, { serverUrl: envUrl, serverUrlSource: 'TICKETERA_TRANSLATION_URL' });
  else if (sources.savedServerUrl) Object.assign(access, { serverUrl: sources.savedServerUrl, serverUrlSource: 'settings' });
  return access;
}
