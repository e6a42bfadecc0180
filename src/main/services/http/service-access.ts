import { rememberSecrets } from './redact-secrets';

/**
 * Where an outside service's key and address came from, so a person can tell which one is in force. `KeyVar` and
 * `UrlVar` are the service's environment variables.
 */
export interface ServiceAccess<KeyVar extends string, UrlVar extends string> {
  apiKey?: string;
  apiKeySource?: KeyVar | 'settings';
  serverUrl?: string;
  serverUrlSource?: '--server-url' | UrlVar | 'settings';
}

export interface AccessSources {
  /** `--server-url` on the command line. */
  flagServerUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The saved key (a secret, readable only where the OS keychain is). */
  savedKey?: string | undefined;
  /** The saved address ('' = not set). */
  savedServerUrl?: string | undefined;
}

/**
 * The same order for every outside service: the flag, then the environment, then the saved settings. The environment
 * wins over the settings (as `TICKETERA_TOKEN` does for the print service), so an operator or a script can point one
 * run elsewhere without touching the owner's settings; the window then shows those values as fixed.
 */
export function resolveAccess<KeyVar extends string, UrlVar extends string>(
  variables: { key: KeyVar; url: UrlVar },
  sources: AccessSources,
): ServiceAccess<KeyVar, UrlVar> {
  const access: ServiceAccess<KeyVar, UrlVar> = {};
  const envKey = sources.env[variables.key]?.trim();
  if (envKey) Object.assign(access, { apiKey: envKey, apiKeySource: variables.key });
  else if (sources.savedKey) Object.assign(access, { apiKey: sources.savedKey, apiKeySource: 'settings' });
  const envUrl = sources.env[variables.url]?.trim();
  if (sources.flagServerUrl) Object.assign(access, { serverUrl: sources.flagServerUrl, serverUrlSource: '--server-url' });
  else if (envUrl) Object.assign(access, { serverUrl: envUrl, serverUrlSource: variables.url });
  else if (sources.savedServerUrl) Object.assign(access, { serverUrl: sources.savedServerUrl, serverUrlSource: 'settings' });
  // Every key in force, whichever service uses it, is removed from any outside text this process shows or keeps.
  rememberSecrets([envKey, sources.savedKey]);
  return access;
}

/** For a service with a known address of its own: that address when nothing else gives one. */
export function withDefaultUrl<A extends ServiceAccess<string, string>>(
  access: A,
  defaultUrl: string,
): A & { serverUrl: string; serverUrlSource: NonNullable<A['serverUrlSource']> | 'default' } {
  return { ...access, serverUrl: access.serverUrl ?? defaultUrl, serverUrlSource: access.serverUrlSource ?? 'default' };
}
