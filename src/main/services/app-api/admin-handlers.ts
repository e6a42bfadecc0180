import type { AdminAnswer, AdminFailure } from '../../../shared/contract/admin-types';
import type { ServiceFailure } from '../../../shared/contract/service-failure';
import { resolveAdminAccess } from '../admin/admin-access';
import type { AccessSources } from '../http/service-access';
import { AdminClient } from '../admin/admin-client';
import { AdminRuleError } from '../admin/admin-rule-error';
import { ServiceError } from '../http/service-error';
import type { Handlers } from './handlers';

type AdminMethod = 'adminListKeys' | 'adminCreateKey' | 'adminRenameKey' | 'adminSetKeyLimits' | 'adminDeactivateKey' | 'adminUsage' | 'adminCustomTags';

/** Where the admin handlers find the key and address, read again on every call so a settings change applies at once. */
export type AdminAccessReader = () => Omit<AccessSources, 'flagServerUrl'>;

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

/** Runs a call; an admin service or rule failure becomes data, anything else (a bug) propagates as a failed call. */
export async function answer<T>(call: () => Promise<T>): Promise<AdminAnswer<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return { ok: false, failure };
  }
}

export function failureOf(error: unknown): AdminFailure | undefined {
  if (error instanceof AdminRuleError) return { reason: 'rule', broken: error.broken };
  if (!(error instanceof ServiceError)) return undefined;
  const failure: ServiceFailure = {
    kind: error.kind,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.traceId !== undefined ? { traceId: error.traceId } : {}),
    ...(error.serviceMessage !== undefined ? { serviceMessage: error.serviceMessage } : {}),
    // A bad answer's field at fault (see admin-client); for other kinds the cause is a network code, for logs only.
    ...(error.kind === 'bad-response' && error.causeCode !== undefined ? { detail: error.causeCode } : {}),
  };
  return { reason: 'service', failure };
}
