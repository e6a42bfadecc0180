import type { PlainSettings } from '../../../shared/contract/settings';
import { defaultConfig, hostForEnv, type ServiceConfig } from '../service-config';

/** The embedded service's config from the saved settings (same shape the CLI builds from its flags). */
export function serviceConfigFrom(settings: PlainSettings, token: string | undefined, dataDir: string): ServiceConfig {
  return {
    ...defaultConfig(settings.env),
    host: hostForEnv(settings.env),
    port: settings.port,
    env: settings.env,
    token,
    printer: settings.defaultPrinter ?? undefined,
    printerProfiles: settings.printerProfiles,
    queueCapacity: settings.queueCapacity,
    rateLimit: settings.rateLimit,
    allowedOrigins: settings.allowedOrigins,
    dataDir,
    safeMode: settings.safeMode,
    heldJobExpiryMinutes: settings.heldJobExpiryMinutes,
  };
}

/** True when the running service must restart for the new config to apply. */
export function configsDiffer(a: ServiceConfig, b: ServiceConfig): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}
