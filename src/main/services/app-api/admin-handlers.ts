import type { AdminFailure } from '../../../shared/contract/admin-types';
import { resolveAdminAccess } from '../admin/admin-access';
import type { AccessSources } from '../http/service-access';
import { AdminClient } from '../admin/admin-client';
import { AdminRuleError } from '../admin/admin-rule-error';
import type { Handlers } from './handlers';
import { answering, serviceFailureOf } from './outside-service-answer';

type AdminMethod = 'adminListKeys' | 'adminCreateKey' | 'adminRenameKey' | 'adminSetKeyLimits' | 'adminDeactivateKey' | 'adminUsage' | 'adminCustomTags';

/** Where the admin handlers find the key and address, read again on every call so a settings change applies at once. */
export type AdminAccessReader = () => Omit<AccessSources, 'flagServerUrl'>;

/** An admin service or rule failure as data for the window, or undefined for anything else (a bug). */
function failureOf(error: unknown): AdminFailure | undefined {
  if (error instanceof AdminRuleError) return { reason: 'rule', broken: error.broken };
  const failure = serviceFailureOf(error);
  return failure && { reason: 'service', failure };
}

const answer = answering(failureOf);

/** The organization admin's contract methods: each call opens a client with the key in force and answers AdminAnswer. */
export function createAdminHandlers(readAccess: AdminAccessReader): Pick<Handlers, AdminMethod> {
  const client = (): AdminClient => {
    const access = resolveAdminAccess(readAccess());
    return new AdminClient({ apiKey: access.apiKey, serverUrl: access.serverUrl });
  };
  return {
    adminListKeys: () => answer(() => client().listKeys()),
    adminCreateKey: ({ label }) => answer(() => client().createKey(label)),
    adminRenameKey: ({ keyId, label }) => answer(() => client().renameKey(keyId, label)),
    adminSetKeyLimits: ({ keyId, characters, speechToTextMilliseconds }) =>
      answer(() => client().setLimits(keyId, { ...(characters !== undefined ? { characters } : {}), ...(speechToTextMilliseconds !== undefined ? { speechToTextMilliseconds } : {}) })),
    adminDeactivateKey: ({ keyId }) => answer(() => client().deactivateKey(keyId)),
    adminUsage: ({ from, to, groupBy }) => answer(() => client().usage({ from, to, groupBy })),
    adminCustomTags: ({ from, to, aggregateBy }) => answer(() => client().customTags({ from, to, aggregateBy })),
  };
}
