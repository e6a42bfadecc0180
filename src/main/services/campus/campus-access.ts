import { resolveAccess, withDefaultUrl, type AccessSources } from '../http/service-access';

/** The address the method sheets' examples use; the client adds `/v2`. */
export const DEFAULT_CAMPUS_URL = 'https://api.uwaterloo.ca';

/** As for translation and admin: the flag, then the environment, then the saved settings, then the default. */
export function resolveCampusAccess(sources: AccessSources) {
  return withDefaultUrl(resolveAccess({ key: 'TICKETERA_CAMPUS_KEY', url: 'TICKETERA_CAMPUS_URL' }, sources), DEFAULT_CAMPUS_URL);
}

export type CampusAccess = ReturnType<typeof resolveCampusAccess>;
