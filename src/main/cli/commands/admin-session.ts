import path from 'node:path';
import { resolveAdminAccess, type AdminAccess } from '../../services/admin/admin-access';
import { AdminClient } from '../../services/admin/admin-client';
import { AdminRuleError } from '../../services/admin/admin-rule-error';
import { ServiceError } from '../../services/http/service-error';
import { defaultDataDir } from '../../services/service-config';
import { NO_ENCRYPTION } from '../../services/settings/encryptor';
import { SettingsStore } from '../../services/settings/settings-store';
import { adminErrorText, adminRuleText } from './admin-messages';
import { cliLanguage, type CliLanguage } from '../cli-language';

/** Every `admin` subcommand's client, opened from `--server-url`, the environment and the saved settings. */
export interface AdminSession {
  client: AdminClient;
  access: AdminAccess;
  language: CliLanguage;
  /** Aborted by Ctrl+C: the request in flight is cancelled, not left running. */
  signal: AbortSignal;
  close(): void;
}

export function openAdminSession(flagServerUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): AdminSession {
  // Without Electron there is no keychain: the saved admin key stays unreadable here (NO_ENCRYPTION), the address is plain.
  const settings = SettingsStore.open(path.join(defaultDataDir(), 'settings.json'), NO_ENCRYPTION);
  const access = resolveAdminAccess({ flagServerUrl, env, savedKey: settings.secret('adminApiKey'), savedServerUrl: settings.settings.adminBaseUrl });
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once('SIGINT', interrupt);
  return {
    client: new AdminClient({ apiKey: access.apiKey, serverUrl: access.serverUrl }),
    access,
    language: cliLanguage(env),
    signal: controller.signal,
    close: () => void process.off('SIGINT', interrupt),
  };
}

/** Writes the person's message for a failure and returns the exit code; anything unexpected is rethrown. */
export function reportAdminFailure(error: unknown, session: Pick<AdminSession, 'access' | 'language'>): number {
  if (error instanceof ServiceError) {
    process.stderr.write(`${adminErrorText(error, session.access.serverUrl, session.language)}\n`);
    return error.kind === 'cancelled' ? 130 : 1;
  }
  if (error instanceof AdminRuleError) {
    process.stderr.write(`${adminRuleText(error.broken, session.language)}\n`);
    return 1;
  }
  throw error;
}
