import type { TokenCheck } from '../intake/token-check';
import type { PlainSettings } from '../../../shared/contract/settings';
import type { FleetConfig } from '../fleet/fleet-config';
import { defaultConfig, hostForEnv, type ServiceConfig } from '../service-config';

/** The embedded service's config from the saved settings (same shape the CLI builds from its flags). */
export function serviceConfigFrom(
  settings: PlainSettings,
  token: TokenCheck | undefined,
  dataDir: string,
  fleetPassword?: string,
  onlineOrderPassword: (bindingId: string) => string | undefined = () => undefined,
): ServiceConfig {
  return {
    ...defaultConfig(settings.env),
    host: hostForEnv(settings.env),
    port: settings.port,
    env: settings.env,
    token,
    printer: settings.defaultPrinter ?? undefined,
    printerProfiles: settings.printerProfiles,
    eposDevices: settings.eposDevices,
    queueCapacity: settings.queueCapacity,
    rateLimit: settings.rateLimit,
    allowedOrigins: settings.allowedOrigins,
    dataDir,
    safeMode: settings.safeMode,
    heldJobExpiryMinutes: settings.heldJobExpiryMinutes,
    tls: tlsConfigFrom(settings),
    fleet: fleetConfigFrom(settings, fleetPassword),
    onlineOrders: settings.onlineOrders.map((binding) => ({ ...binding, password: onlineOrderPassword(binding.id) })),
  };
}

/** On when both the broker and the site are set (the window offers them together). */
function fleetConfigFrom(settings: PlainSettings, password: string | undefined): FleetConfig | undefined {
  if (settings.fleetUrl === '' || settings.fleetSite === '') return undefined;
  const file = (value: string): string | undefined => (value === '' ? undefined : value);
  return {
    url: settings.fleetUrl,
    site: settings.fleetSite,
    username: file(settings.fleetUsername),
    password,
    caFile: file(settings.fleetCaFile),
    certFile: file(settings.fleetCertFile),
    keyFile: file(settings.fleetKeyFile),
    ticketExpiryMinutes: settings.fleetTicketExpiryMinutes,
  };
}

/** On as soon as either file is set: one left empty is then reported as a TLS problem the window shows. */
function tlsConfigFrom(settings: PlainSettings): ServiceConfig['tls'] {
  if (settings.tlsCertFile === '' && settings.tlsKeyFile === '') return undefined;
  return { certFile: settings.tlsCertFile, keyFile: settings.tlsKeyFile, port: settings.tlsPort };
}

/**
 * True when the running service must restart for the new config to apply. The origin lists never need one: the
 * server reads them at every connection, and a restart would drop every POS connection for a site answer.
 */
export function configsDiffer(a: ServiceConfig, b: ServiceConfig): boolean {
  const restartable = ({ allowedOrigins: _live, ...rest }: ServiceConfig): Omit<ServiceConfig, 'allowedOrigins'> => rest;
  return JSON.stringify(restartable(a)) !== JSON.stringify(restartable(b));
}
