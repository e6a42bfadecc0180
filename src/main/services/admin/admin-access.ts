/** Where the admin key and address came from, so a person can tell which one is in force. */
export interface AdminAccess {
  apiKey?: string;
  apiKeySource?: 'TICKETERA_ADMIN_KEY' | 'settings';
  serverUrl: string;
  serverUrlSource: '--server-url' | 'TICKETERA_ADMIN_URL' | 'settings' | 'default';
}

export interface AdminAccessSources {
  flagServerUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The saved `adminApiKey` secret (readable only where the OS keychain is). */
  savedKey?: string | undefined;
  /** The saved `adminBaseUrl` ('' = not set). */
  savedServerUrl?: string | undefined;
}

/** The vendor's address for organization accounts (admin keys belong to paid organizations, never the free tier). */
export const DEFAULT_ADMIN_URL = 'https://api.deepl.com';

/**
 * The admin key is kept apart from the translation key: it can create and deactivate every developer key of the
 * organization. As for translation, the environment wins over the saved settings so a script can point one run
 * elsewhere without touching the owner's settings.
 */
export function resolveAdminAccess(sources: AdminAccessSources): AdminAccess {
  const envKey = sources.env['TICKETERA_ADMIN_KEY']?.trim();
  const key = envKey
    ? { apiKey: envKey, apiKeySource: 'TICKETERA_ADMIN_KEY' as const }
    : sources.savedKey
      ? { apiKey: sources.savedKey, apiKeySource: 'settings' as const }
      : {};
  const envUrl = sources.env['TICKETERA_ADMIN_URL']?.trim();
  const url = sources.flagServerUrl
    ? { serverUrl: sources.flagServerUrl, serverUrlSource: '--server-url' as const }
    : envUrl
      ? { serverUrl: envUrl, serverUrlSource: 'TICKETERA_ADMIN_URL' as const }
      : sources.savedServerUrl
        ? { serverUrl: sources.savedServerUrl, serverUrlSource: 'settings' as const }
        : { serverUrl: DEFAULT_ADMIN_URL, serverUrlSource: 'default' as const };
  return { ...key, ...url };
}
