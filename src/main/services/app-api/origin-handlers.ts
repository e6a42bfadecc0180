import { MAX_ALLOWED_ORIGINS, MAX_DENIED_ORIGINS, type PlainSettings, type SettingsPatch } from '../../../shared/contract/settings';
import type { OriginApproval } from '../server/origin-approval';
import type { Handlers } from './handlers';

type OriginMethod = 'originRequests' | 'answerOrigin' | 'forgetOrigin';

export interface OriginAnswersDeps {
  approval: OriginApproval;
  /** Where answers are kept: the next connection reads them (no restart, see configsDiffer). */
  settings: { readonly settings: PlainSettings; update(patch: { settings: SettingsPatch }): unknown };
  /** The flag that fixed the allowed list for this run: answers could not take effect, so they are refused. */
  fixedBy: string | undefined;
}

const without = (list: readonly string[], origin: string): string[] => list.filter((item) => item !== origin);

/** The owner's answers to "may this site print?": saved in the settings, in force from the next connection. */
export function createOriginHandlers(deps: OriginAnswersDeps): Pick<Handlers, OriginMethod> {
  const saved = (): { allowed: string[]; denied: string[] } => {
    if (deps.fixedBy !== undefined) {
      throw new Error(`La lista de sitios está fijada por ${deps.fixedBy} al arrancar / The site list is fixed by ${deps.fixedBy} on the command line`);
    }
    const { allowedOrigins, deniedOrigins } = deps.settings.settings;
    return { allowed: allowedOrigins, denied: deniedOrigins };
  };
  const keep = (origin: string, allowed: string[], denied: string[]) => {
    deps.settings.update({ settings: { allowedOrigins: allowed, deniedOrigins: denied } });
    deps.approval.settle(origin);
    return deps.approval.view();
  };
  return {
    originRequests: async () => deps.approval.view(),
    answerOrigin: async ({ origin, allow }) => {
      const lists = saved();
      const allowed = without(lists.allowed, origin);
      const denied = without(lists.denied, origin);
      if (!allow) return keep(origin, allowed, [...denied, origin].slice(-MAX_DENIED_ORIGINS));
      if (allowed.length >= MAX_ALLOWED_ORIGINS) {
        throw new Error(`Ya hay ${MAX_ALLOWED_ORIGINS} sitios permitidos: quite alguno primero / ${MAX_ALLOWED_ORIGINS} sites are allowed already: remove one first`);
      }
      return keep(origin, [...allowed, origin], denied);
    },
    forgetOrigin: async ({ origin }) => {
      const lists = saved();
      return keep(origin, without(lists.allowed, origin), without(lists.denied, origin));
    },
  };
}
