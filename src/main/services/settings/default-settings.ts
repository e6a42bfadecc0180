import type { PlainSettings } from '../../../shared/contract/settings';
import { defaultConfig } from '../service-config';

export function defaultSettings(): PlainSettings {
  const service = defaultConfig('development');
  return {
    port: service.port,
    env: service.env,
    allowedOrigins: [],
    queueCapacity: service.queueCapacity,
    rateLimit: service.rateLimit,
    defaultPrinter: null,
    printerProfiles: [],
    safeMode: service.safeMode,
    heldJobExpiryMinutes: service.heldJobExpiryMinutes,
    language: 'es',
    translationBaseUrl: '',
    adminBaseUrl: '',
    campusBaseUrl: '',
  };
}
