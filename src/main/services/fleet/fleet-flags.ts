import type { FixedSettings } from '../../../shared/contract/settings';
import { DEFAULT_FLEET_TICKET_EXPIRY_MINUTES, SITE_PATTERN, type FleetConfig } from './fleet-config';

/** The `serve` flags of remote printing, as parseArgs declares them. */
export const FLEET_FLAG_OPTIONS = {
  'fleet-url': { type: 'string' },
  'fleet-site': { type: 'string' },
  'fleet-ca': { type: 'string' },
  'fleet-cert': { type: 'string' },
  'fleet-key': { type: 'string' },
  'fleet-expiry-minutes': { type: 'string' },
} as const;

export const FLEET_USAGE = '[--fleet-url mqtts://HOST:8883 --fleet-site SITE [--fleet-ca FILE] [--fleet-cert FILE --fleet-key FILE] [--fleet-expiry-minutes N]]';

type FleetFlagValues = Partial<Record<keyof typeof FLEET_FLAG_OPTIONS, string>>;

/**
 * `--fleet-url` and `--fleet-site` together switch remote printing on for this run; the user name and password come
 * from TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD (never a flag: the command line is visible to every user
 * of the PC). Throws a readable error for a bad combination.
 */
export function readFleetFlags(values: FleetFlagValues, env: NodeJS.ProcessEnv): FleetConfig | undefined {
  const url = values['fleet-url'];
  const site = values['fleet-site'];
  if (url === undefined && site === undefined) {
    const stray = Object.keys(values).find((flag) => flag.startsWith('fleet-') && values[flag as keyof FleetFlagValues] !== undefined);
    if (stray) throw new Error(`--${stray} needs --fleet-url and --fleet-site`);
    return undefined;
  }
  if (!url) throw new Error('--fleet-site needs --fleet-url mqtts://HOST:8883 (the chain\'s MQTT broker)');
  if (!site) throw new Error('--fleet-url needs --fleet-site SITE (this shop\'s name in the chain)');
  checkBrokerUrl(url, '--fleet-url');
  if (!SITE_PATTERN.test(site)) throw new Error(`--fleet-site must be letters, digits, "-", "_" or "." (up to 64), not "${site}"`);
  if ((values['fleet-cert'] === undefined) !== (values['fleet-key'] === undefined)) throw new Error('--fleet-cert and --fleet-key go together');
  const expiry = values['fleet-expiry-minutes'];
  if (expiry !== undefined && (!/^\d+$/.test(expiry) || Number(expiry) > 7 * 24 * 60)) throw new Error('--fleet-expiry-minutes must be a whole number from 0 to 10080');
  return {
    url,
    site,
    username: nonEmpty(env['TICKETERA_FLEET_USERNAME']),
    password: nonEmpty(env['TICKETERA_FLEET_PASSWORD']),
    caFile: values['fleet-ca'],
    certFile: values['fleet-cert'],
    keyFile: values['fleet-key'],
    ticketExpiryMinutes: expiry === undefined ? DEFAULT_FLEET_TICKET_EXPIRY_MINUTES : Number(expiry),
  };
}

/** mqtt://, mqtts://, ws:// or wss:// with a host: what MQTT.js connects to. */
export function checkBrokerUrl(url: string, name: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name} must be a broker address like mqtts://broker.example.com:8883`);
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(parsed.protocol) || parsed.hostname === '') {
    throw new Error(`${name} must be a broker address like mqtts://broker.example.com:8883`);
  }
  if (parsed.username !== '' || parsed.password !== '') throw new Error(`${name}: put the user name and password in TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD, not in the address`);
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

/** Which flag or variable fixed each setting of the group, for the window (see FixedSettings). */
export function fleetFixedBy(values: FleetFlagValues, env: NodeJS.ProcessEnv): FixedSettings {
  const flag = (name: keyof FleetFlagValues): string => (values[name] !== undefined ? `--${name}` : '--fleet-url');
  return {
    fleetUrl: '--fleet-url',
    fleetSite: '--fleet-site',
    fleetUsername: nonEmpty(env['TICKETERA_FLEET_USERNAME']) !== undefined ? 'TICKETERA_FLEET_USERNAME' : '--fleet-url',
    fleetPassword: nonEmpty(env['TICKETERA_FLEET_PASSWORD']) !== undefined ? 'TICKETERA_FLEET_PASSWORD' : '--fleet-url',
    fleetCaFile: flag('fleet-ca'),
    fleetCertFile: flag('fleet-cert'),
    fleetKeyFile: flag('fleet-key'),
    fleetTicketExpiryMinutes: flag('fleet-expiry-minutes'),
  };
}
