import { parseArgs } from 'node:util';
import type { FixedSettings } from '../../shared/contract/settings';
import { DEFAULT_TLS_PORT } from '../../shared/protocol';
import { FLEET_FLAG_OPTIONS, FLEET_USAGE, fleetFixedBy, readFleetFlags } from '../services/fleet/fleet-flags';
import { cliLanguage } from './cli-language';
import { FLEET_TEXTS } from './commands/fleet-messages';
import { ONLINE_ORDER_FLAG_OPTIONS, ONLINE_ORDER_USAGE, readOnlineOrderFlags } from './online-order-flags';
import { defaultConfig, hostForEnv, type CommandLineSettings, type ServiceConfig, type ServiceEnv, type TlsConfig } from '../services/service-config';

export const SERVE_USAGE =
  'serve [--host H] [--port N] [--env production|development] [--token T] [--printer URI] [--queue-capacity N] ' +
  '[--rate-limit N] [--allowed-origins LIST] [--data-dir DIR] [--max-frame-bytes N] [--max-paper-m N] [--safe-mode on|off] ' +
  `[--tls-cert FILE --tls-key FILE [--tls-port N]] ${FLEET_USAGE} ${ONLINE_ORDER_USAGE}`;

/** Reads `serve` flags (and NODE_ENV / TICKETERA_TOKEN); throws a readable error on a bad flag. */
export function readServeFlags(args: string[], env: NodeJS.ProcessEnv = process.env): CommandLineSettings {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      env: { type: 'string' },
      token: { type: 'string' },
      printer: { type: 'string' },
      'queue-capacity': { type: 'string' },
      'rate-limit': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'data-dir': { type: 'string' },
      'max-frame-bytes': { type: 'string' },
      'max-paper-m': { type: 'string' },
      'safe-mode': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-port': { type: 'string' },
      ...FLEET_FLAG_OPTIONS,
      ...ONLINE_ORDER_FLAG_OPTIONS,
      // `fleet`'s older name for --fleet-url, taken here too so one name works everywhere (serve.ts says which is preferred).
      url: { type: 'string' },
    },
  });
  if (values.url !== undefined) {
    if (values['fleet-url'] !== undefined) throw new Error(FLEET_TEXTS.bothUrls[cliLanguage(env)]);
    values['fleet-url'] = values.url;
  }
  const overrides: Partial<ServiceConfig> = {};
  const fixedBy: FixedSettings = {};
  const envSource = values.env !== undefined ? '--env' : env['NODE_ENV'] === 'production' ? 'NODE_ENV' : undefined;
  if (envSource) {
    overrides.env = parseEnv(values.env ?? 'production');
    overrides.host = hostForEnv(overrides.env);
    fixedBy.env = envSource;
  }
  if (values.host !== undefined) {
    overrides.host = values.host;
    fixedBy.env = '--host';
  }
  const token = values.token ?? env['TICKETERA_TOKEN'];
  if (token !== undefined) {
    if (token.length === 0) throw new Error('--token must not be empty');
    overrides.token = token;
    fixedBy.token = values.token !== undefined ? '--token' : 'TICKETERA_TOKEN';
  }
  if (values.port !== undefined) {
    overrides.port = integer('--port', values.port, 0, 65_535);
    fixedBy.port = '--port';
  }
  if (values.printer !== undefined) {
    overrides.printer = values.printer;
    fixedBy.defaultPrinter = '--printer';
  }
  if (values['queue-capacity'] !== undefined) {
    overrides.queueCapacity = integer('--queue-capacity', values['queue-capacity'], 1, 100_000);
    fixedBy.queueCapacity = '--queue-capacity';
  }
  if (values['rate-limit'] !== undefined) {
    overrides.rateLimit = integer('--rate-limit', values['rate-limit'], 0, 1_000_000);
    fixedBy.rateLimit = '--rate-limit';
  }
  if (values['allowed-origins'] !== undefined) {
    overrides.allowedOrigins = parseOrigins(values['allowed-origins']);
    fixedBy.allowedOrigins = '--allowed-origins';
  }
  if (values['safe-mode'] !== undefined) {
    overrides.safeMode = parseOnOff('--safe-mode', values['safe-mode']);
    fixedBy.safeMode = '--safe-mode';
  }
  const tls = parseTls(values['tls-cert'], values['tls-key'], values['tls-port']);
  if (tls) {
    overrides.tls = tls;
    fixedBy.tlsCertFile = '--tls-cert';
    fixedBy.tlsKeyFile = '--tls-key';
    fixedBy.tlsPort = values['tls-port'] !== undefined ? '--tls-port' : '--tls-cert';
  }
  const fleet = readFleetFlags(values, env);
  if (fleet) {
    overrides.fleet = fleet;
    // The command line sets the whole connection for this run: every field of the group is shown as fixed.
    Object.assign(fixedBy, fleetFixedBy(values, env));
  }
  const onlineOrders = readOnlineOrderFlags(values, env);
  if (onlineOrders) {
    // The command line sets the whole list for this run, as --fleet-url does for the fleet.
    overrides.onlineOrders = onlineOrders;
    fixedBy.onlineOrders = values.sdp !== undefined ? '--sdp' : '--cloudprnt';
  }
  if (values['data-dir'] !== undefined) overrides.dataDir = values['data-dir'];
  if (values['max-frame-bytes'] !== undefined) {
    overrides.maxFrameBytes = integer('--max-frame-bytes', values['max-frame-bytes'], 1024, 256 * 1024 * 1024);
  }
  if (values['max-paper-m'] !== undefined) overrides.maxPaperMm = integer('--max-paper-m', values['max-paper-m'], 1, 100) * 1000;
  return { overrides, fixedBy };
}

/** The whole config the flags describe, defaults filled in (what `serve` runs when no settings file says otherwise). */
export function parseServeOptions(args: string[], env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const { overrides } = readServeFlags(args, env);
  const serviceEnv = overrides.env ?? 'development';
  return { ...defaultConfig(serviceEnv), host: hostForEnv(serviceEnv), ...overrides };
}

function parseEnv(value: string): ServiceEnv {
  if (value === 'production' || value === 'development') return value;
  throw new Error(`--env must be production or development, not "${value}"`);
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
  return value;
}

/**
 * `--tls-cert cert.pem --tls-key key.pem [--tls-port 8767]`: both files or neither. Whether they can be read is
 * checked when the service starts (a problem there is reported, and plain ws:// still serves).
 */
function parseTls(cert: string | undefined, key: string | undefined, port: string | undefined): TlsConfig | undefined {
  if (cert === undefined && key === undefined) {
    if (port !== undefined) throw new Error('--tls-port needs --tls-cert and --tls-key');
    return undefined;
  }
  if (!cert) throw new Error('--tls-key needs --tls-cert: give the certificate file (PEM) as well');
  if (!key) throw new Error('--tls-cert needs --tls-key: give the private key file (PEM) as well');
  return { certFile: cert, keyFile: key, port: port === undefined ? DEFAULT_TLS_PORT : integer('--tls-port', port, 0, 65_535) };
}

function parseOnOff(flag: string, text: string): boolean {
  if (text === 'on' || text === 'off') return text === 'on';
  throw new Error(`${flag} must be on or off`);
}

/** `--allowed-origins "https://pos.example.com,http://localhost:3000"`: exact origins, comma separated. */
function parseOrigins(text: string): string[] {
  return text
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(`--allowed-origins: "${origin}" is not an origin like https://pos.example.com`);
      }
      if (url.origin === 'null' || url.origin !== origin.replace(/\/$/, '')) {
        throw new Error(`--allowed-origins: "${origin}" is not an origin like https://pos.example.com`);
      }
      return url.origin;
    });
}
