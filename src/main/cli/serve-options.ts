import { parseArgs } from 'node:util';
import { defaultConfig, hostForEnv, type ServiceConfig, type ServiceEnv } from '../services/service-config';

export const SERVE_USAGE =
  'serve [--host H] [--port N] [--env production|development] [--token T] [--printer URI] [--queue-capacity N] ' +
  '[--rate-limit N] [--allowed-origins LIST] [--data-dir DIR] [--max-frame-bytes N] [--safe-mode on|off]';

/** Turns `serve` flags (and NODE_ENV / TICKETERA_TOKEN) into a config; throws a readable error on a bad flag. */
export function parseServeOptions(args: string[], env: NodeJS.ProcessEnv = process.env): ServiceConfig {
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
      'safe-mode': { type: 'string' },
    },
  });
  const serviceEnv = parseEnv(values.env ?? (env['NODE_ENV'] === 'production' ? 'production' : 'development'));
  const defaults = defaultConfig(serviceEnv);
  const token = values.token ?? env['TICKETERA_TOKEN'];
  if (token !== undefined && token.length === 0) throw new Error('--token must not be empty');
  return {
    ...defaults,
    host: values.host ?? hostForEnv(serviceEnv),
    port: integer('--port', values.port, defaults.port, 0, 65_535),
    token,
    printer: values.printer,
    queueCapacity: integer('--queue-capacity', values['queue-capacity'], defaults.queueCapacity, 1, 100_000),
    rateLimit: integer('--rate-limit', values['rate-limit'], defaults.rateLimit, 0, 1_000_000),
    allowedOrigins: parseOrigins(values['allowed-origins']),
    dataDir: values['data-dir'] ?? defaults.dataDir,
    maxFrameBytes: integer('--max-frame-bytes', values['max-frame-bytes'], defaults.maxFrameBytes, 1024, 256 * 1024 * 1024),
    safeMode: parseOnOff('--safe-mode', values['safe-mode'], defaults.safeMode),
  };
}

function parseEnv(value: string): ServiceEnv {
  if (value === 'production' || value === 'development') return value;
  throw new Error(`--env must be production or development, not "${value}"`);
}

function integer(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
  return value;
}

function parseOnOff(flag: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined) return fallback;
  if (text === 'on' || text === 'off') return text === 'on';
  throw new Error(`${flag} must be on or off`);
}

/** `--allowed-origins "https://pos.example.com,http://localhost:3000"`: exact origins, comma separated. */
function parseOrigins(text: string | undefined): string[] {
  if (text === undefined) return [];
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
