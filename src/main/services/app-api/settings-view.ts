import { isSecretName, type FixedSettings, type SettingsPatch, type SecretsPatch, type SettingsView } from '../../../shared/contract/settings';
import type { FleetConfig } from '../fleet/fleet-config';
import type { ServiceConfig } from '../service-config';
import { maskSecret, maskTokenCheck } from '../settings/mask-secret';
import type { StoredSettingsView } from '../settings/settings-store';

/**
 * The settings as the window must show them: for everything the print service uses, the values it runs with right
 * now (a flag, a failed restart or a secret the file could not decrypt all make them differ from the file), plus
 * which ones the command line fixed and why the last change did not apply.
 */
export function settingsViewOf(
  stored: StoredSettingsView,
  running: ServiceConfig,
  state: { fixed: FixedSettings; applyError: string | null; applying: boolean },
): SettingsView {
  return {
    ...stored,
    port: running.port,
    env: running.env,
    allowedOrigins: running.allowedOrigins,
    queueCapacity: running.queueCapacity,
    rateLimit: running.rateLimit,
    defaultPrinter: running.printer ?? null,
    safeMode: running.safeMode,
    ...(running.tls ? { tlsCertFile: running.tls.certFile, tlsKeyFile: running.tls.keyFile, tlsPort: running.tls.port } : {}),
    ...(running.fleet ? fleetViewOf(running.fleet) : {}),
    // The servers in force (`--sdp …` may set them for this run); their passwords never leave the service.
    ...(running.onlineOrders ? { onlineOrders: running.onlineOrders.map(({ password: _secret, ...binding }) => binding) } : {}),
    secrets: {
      ...stored.secrets,
      token: maskTokenCheck(running.token),
      ...(running.fleet ? { fleetPassword: maskSecret(running.fleet.password) } : {}),
    },
    ...state,
  };
}

/** Refuses a change to a value the command line fixed: it could not take effect, and the window must not say it did. */
export function refuseFixedChanges(patch: { settings?: SettingsPatch; secrets?: SecretsPatch }, current: SettingsView): void {
  for (const [name, flag] of Object.entries(current.fixed)) {
    const secret = isSecretName(name);
    const wanted = secret ? patch.secrets?.[name] : patch.settings?.[name as keyof SettingsPatch];
    if (wanted === undefined) continue;
    // A secret is never read back, so any new value is a change; a setting sent unchanged is not.
    if (!secret && JSON.stringify(wanted) === JSON.stringify(current[name as keyof SettingsPatch])) continue;
    throw new Error(`"${name}" está fijado por ${flag} al arrancar el servicio / "${name}" is fixed by ${flag} on the command line`);
  }
}

/** The broker settings in force (`--fleet-url …` may set them for this run); the password is a masked secret. */
function fleetViewOf(fleet: FleetConfig): Partial<SettingsView> {
  return {
    fleetUrl: fleet.url,
    fleetSite: fleet.site,
    fleetUsername: fleet.username ?? '',
    fleetCaFile: fleet.caFile ?? '',
    fleetCertFile: fleet.certFile ?? '',
    fleetKeyFile: fleet.keyFile ?? '',
    fleetTicketExpiryMinutes: fleet.ticketExpiryMinutes,
  };
}
