import { parentDomainOf } from '../../../shared/contract/origin-domains';
import type { OriginsView } from '../../../shared/contract/origin-types';
import { MAX_ALLOWED_ORIGINS, MAX_DENIED_DOMAINS, MAX_DENIED_ORIGINS, type PlainSettings, type SettingsPatch } from '../../../shared/contract/settings';
import type { OriginApproval } from '../site-consent/origin-approval';
import type { Handlers } from './handlers';

type OriginMethod = 'originRequests' | 'answerOrigin' | 'forgetOrigin' | 'forgetDomain';

export interface OriginAnswersDeps {
  approval: OriginApproval;
  /** Where answers are kept: the next connection reads them (no restart, see configsDiffer). */
  settings: { readonly settings: PlainSettings; update(patch: { settings: SettingsPatch }): unknown };
  /** The flag that fixed the allowed list for this run: answers could not take effect, so they are refused. */
  fixedBy: string | undefined;
}

const without = (list: readonly string[], item: string): string[] => list.filter((known) => known !== item);

/** The owner's answers to "may this site print?": saved in the settings, in force from the next connection. */
export function createOriginHandlers(deps: OriginAnswersDeps): Pick<Handlers, OriginMethod> {
  const saved = (): Pick<PlainSettings, 'allowedOrigins' | 'deniedOrigins' | 'deniedDomains'> => {
    if (deps.fixedBy !== undefined) {
      throw new Error(`La lista de sitios está fijada por ${deps.fixedBy} al arrancar / The site list is fixed by ${deps.fixedBy} on the command line`);
    }
    const { allowedOrigins, deniedOrigins, deniedDomains } = deps.settings.settings;
    return { allowedOrigins, deniedOrigins, deniedDomains };
  };
  const keep = (origin: string, allowed: string[], denied: string[]): OriginsView => {
    deps.settings.update({ settings: { allowedOrigins: allowed, deniedOrigins: denied } });
    deps.approval.settle(origin);
    return deps.approval.view();
  };
  /**
   * Refuses the asking site's parent domain and every name under it, the one the window offered: never a domain the
   * site does not belong to, nor a shared suffix (parentDomainOf). Sites allowed by name keep printing.
   */
  const refuseDomainOf = (origin: string): OriginsView => {
    const domain = parentDomainOf(origin);
    if (domain === null) {
      throw new Error(`${origin} no tiene un dominio que se pueda denegar entero / ${origin} has no domain that can be refused as a whole`);
    }
    const domains = without(saved().deniedDomains, domain);
    deps.settings.update({ settings: { deniedDomains: [...domains, domain].slice(-MAX_DENIED_DOMAINS) } });
    deps.approval.settleDomain(domain);
    return deps.approval.view();
  };
  return {
    originRequests: async () => deps.approval.view(),
    answerOrigin: async ({ origin, allow, subdomains }) => {
      if (subdomains === true) {
        if (allow) throw new Error('Solo se puede denegar un dominio entero / Only a refusal covers a whole domain');
        return refuseDomainOf(origin);
      }
      const lists = saved();
      const allowed = without(lists.allowedOrigins, origin);
      const denied = without(lists.deniedOrigins, origin);
      if (!allow) return keep(origin, allowed, [...denied, origin].slice(-MAX_DENIED_ORIGINS));
      if (allowed.length >= MAX_ALLOWED_ORIGINS) {
        throw new Error(`Ya hay ${MAX_ALLOWED_ORIGINS} sitios permitidos: quite alguno primero / ${MAX_ALLOWED_ORIGINS} sites are allowed already: remove one first`);
      }
      return keep(origin, [...allowed, origin], denied);
    },
    forgetOrigin: async ({ origin }) => {
      const lists = saved();
      return keep(origin, without(lists.allowedOrigins, origin), without(lists.deniedOrigins, origin));
    },
    forgetDomain: async ({ domain }) => {
      deps.settings.update({ settings: { deniedDomains: without(saved().deniedDomains, domain) } });
      return deps.approval.view();
    },
  };
}
