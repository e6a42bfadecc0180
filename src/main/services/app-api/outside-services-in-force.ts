import type { SecretName, SettingsView } from '../../../shared/contract/settings';
import { ADMIN_VARIABLES } from '../admin/admin-access';
import { CAMPUS_VARIABLES } from '../campus/campus-access';
import { resolveAccess } from '../http/service-access';
import { maskSecret } from '../settings/mask-secret';
import { TRANSLATION_VARIABLES } from '../translation/translation-access';

/** Each outside service's saved key and address, and the environment variables that win over them. */
const OUTSIDE_SERVICES: readonly {
  key: SecretName;
  url: 'translationBaseUrl' | 'adminBaseUrl' | 'campusBaseUrl';
  variables: { key: string; url: string };
}[] = [
  { key: 'translationApiKey', url: 'translationBaseUrl', variables: TRANSLATION_VARIABLES },
  { key: 'adminApiKey', url: 'adminBaseUrl', variables: ADMIN_VARIABLES },
  { key: 'campusApiKey', url: 'campusBaseUrl', variables: CAMPUS_VARIABLES },
];

/**
 * The settings as the outside services run them: a key or address the environment sets wins over the saved one
 * (resolveAccess), so the view shows that one — the key masked — and marks it fixed by its variable; a change to it
 * is then refused (refuseFixedChanges) instead of being saved without effect.
 */
export function withOutsideServicesInForce(view: SettingsView, env: NodeJS.ProcessEnv): SettingsView {
  let inForce = view;
  for (const service of OUTSIDE_SERVICES) {
    const access = resolveAccess(service.variables, { env });
    if (access.apiKeySource === service.variables.key) {
      inForce = {
        ...inForce,
        secrets: { ...inForce.secrets, [service.key]: maskSecret(access.apiKey) },
        fixed: { ...inForce.fixed, [service.key]: service.variables.key },
      };
    }
    if (access.serverUrlSource === service.variables.url) {
      inForce = { ...inForce, [service.url]: access.serverUrl ?? '', fixed: { ...inForce.fixed, [service.url]: service.variables.url } };
    }
  }
  return inForce;
}
