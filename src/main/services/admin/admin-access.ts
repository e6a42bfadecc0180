import { resolveAccess, withDefaultUrl, type AccessSources } from '../http/service-access';

/** The environment variables that set the admin key and address (they win over the saved settings). */
export const ADMIN_VARIABLES = { key: 'TICKETERA_ADMIN_KEY', url: 'TICKETERA_ADMIN_URL' } as const;

/** The vendor's address for organization accounts (admin keys belong to paid organizations, never the free tier). */
export const DEFAULT_ADMIN_URL = 'https://api.deepl.com';

/**
 * The admin key is kept apart from the translation key: it can create and deactivate every developer key of the
 * organization. As for translation, the environment wins over the saved settings so a script can point one run
 * elsewhere without touching the owner's settings.
 */
export function resolveAdminAccess(sources: AccessSources) {
  return withDefaultUrl(resolveAccess(ADMIN_VARIABLES, sources), DEFAULT_ADMIN_URL);
}

export type AdminAccess = ReturnType<typeof resolveAdminAccess>;
