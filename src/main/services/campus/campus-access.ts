import { resolveAccess, withDefaultUrl, type AccessSources } from '../http/service-access';

/** The environment variables that set the campus key and address (they win over the saved settings). */
export const CAMPUS_VARIABLES = { key: 'TICKETERA_CAMPUS_KEY', url: 'TICKETERA_CAMPUS_URL' } as const;

/** The address the method sheets' examples use; the client adds `/v2`. */
export const DEFAULT_CAMPUS_URL = 'https://api.uwaterloo.ca';

/** As for translation and admin: the flag, then the environment, then the saved settings, then the default. */
export function resolveCampusAccess(sources: AccessSources) {
  return withDefaultUrl(resolveAccess(CAMPUS_VARIABLES, sources), DEFAULT_CAMPUS_URL);
}

export type CampusAccess = ReturnType<typeof resolveCampusAccess>;
