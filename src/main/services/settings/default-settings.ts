import type { PlainSettings } from '../../../shared/contract/settings';
import { DEFAULT_TLS_PORT } from '../../../shared/protocol';
import { defaultConfig } from '../service-config';
import { DEFAULT_FLEET_TICKET_EXPIRY_MINUTES } from '../fleet/fleet-config';

export function defaultSettings(): PlainSettings {
  const service = defaultConfig('development');
  return {
    port: service.port,
    env: service.env,
    allowedOrigins: [],
    deniedOrigins: [],
    deniedDomains: [],
    queueCapacity: service.queueCapacity,
    rateLimit: service.rateLimit,
    defaultPrinter: null,
    printerProfiles: [],
    eposDevices: [],
    safeMode: service.safeMode,
    heldJobExpiryMinutes: service.heldJobExpiryMinutes,
    language: 'es',
    translationBaseUrl: '',
    adminBaseUrl: '',
    campusBaseUrl: '',
    campusEnabled: false,
    adminEnabled: false,
    tlsCertFile: '',
    tlsKeyFile: '',
    tlsPort: DEFAULT_TLS_PORT,
    fleetUrl: '',
    fleetSite: '',
    fleetUsername: '',
    fleetCaFile: '',
    fleetCertFile: '',
    fleetKeyFile: '',
    fleetTicketExpiryMinutes: DEFAULT_FLEET_TICKET_EXPIRY_MINUTES,
    onlineOrders: [],
  };
}
