import type { CampusHost } from './campus-host';
import type { Handlers } from './handlers';

type CampusMethod = 'campusStatus' | 'campusRefresh' | 'campusChangelog';

/** The campus open-data methods (issue 12): the kept Wi-Fi reading, a refresh on demand, the API changelog. */
export function createCampusHandlers(campus: CampusHost): Pick<Handlers, CampusMethod> {
  return {
    campusStatus: async () => campus.status(),
    campusRefresh: () => campus.refresh(),
    campusChangelog: () => campus.changelog(),
  };
}
