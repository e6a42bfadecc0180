/** Where the campus key and address came from, so a person can tell which one is in force. */
export interface CampusAccess {
  apiKey?: string;
  apiKeySource?: 'TICKETERA_CAMPUS_KEY' | 'settings';
  serverUrl: string;
  serverUrlSource: '--server-url' | 'TICKETERA_CAMPUS_URL' | 'settings' | 'default';
}

export interface CampusAccessSources {
  flagServerUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The saved `campusApiKey` secret (readable only where the OS keychain is). */
  savedKey?: string | undefined;
  /** The saved `campusBaseUrl` ('' = not set). */
  savedServerUrl?: string | undefined;
}

/** The address the method sheets' examples use; the client adds `/v2`. */
export const DEFAULT_CAMPUS_URL = 'https://api.uwaterloo.ca';

/** As for translation and admin: the flag, then the environment, then the saved settings, then the default. */
export function resolveCampusAccess(sources: CampusAccessSources): CampusAccess {
  const envKey = sources.env['TICKETERA_CAMPUS_KEY']?.trim();
  const key = envKey
    ? { apiKey: envKey, apiKeySource: 'TICKETERA_CAMPUS_KEY' as const }
    : sources.savedKey
      ? { apiKey: sources.savedKey, apiKeySource: 'settings' as const }
      : {};
  const envUrl = sources.env['TICKETERA_CAMPUS_URL']?.trim();
  const url = sources.flagServerUrl
    ? { serverUrl: sources.flagServerUrl, serverUrlSource: '--server-url' as const }
    : envUrl
      ? { serverUrl: envUrl, serverUrlSource: 'TICKETERA_CAMPUS_URL' as const }
      : sources.savedServerUrl
        ? { serverUrl: sources.savedServerUrl, serverUrlSource: 'settings' as const }
        : { serverUrl: DEFAULT_CAMPUS_URL, serverUrlSource: 'default' as const };
  return { ...key, ...url };
}
