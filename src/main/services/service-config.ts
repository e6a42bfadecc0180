import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAX_FRAME_BYTES, DEFAULT_PORT, DEFAULT_QUEUE_CAPACITY, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../shared/protocol';

export type ServiceEnv = 'production' | 'development';

/** Everything the print service needs to start; the CLI and the desktop app's settings both produce one. */
export interface ServiceConfig {
  host: string;
  port: number;
  env: ServiceEnv;
  token: string | undefined;
  /** The configured default printer URI; when absent the system's default thermal printer, else `virtual`. */
  printer: string | undefined;
  queueCapacity: number;
  rateLimit: number;
  allowedOrigins: string[];
  dataDir: string;
  maxFrameBytes: number;
  safeMode: boolean;
}

/** Production serves the shop's network; anything else stays on this computer. */
export const hostForEnv = (env: ServiceEnv): string => (env === 'production' ? '0.0.0.0' : 'localhost');

export function defaultDataDir(platform = process.platform, env = process.env, home = os.homedir()): string {
  if (platform === 'win32') return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'Ticketera');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Ticketera');
  return path.join(env['XDG_DATA_HOME'] ?? path.join(home, '.local', 'share'), 'ticketera');
}

export function defaultConfig(env: ServiceEnv = process.env['NODE_ENV'] === 'production' ? 'production' : 'development'): ServiceConfig {
  return {
    host: hostForEnv(env),
    port: DEFAULT_PORT,
    env,
    token: undefined,
    printer: undefined,
    queueCapacity: DEFAULT_QUEUE_CAPACITY,
    rateLimit: DEFAULT_RATE_LIMIT_PER_MINUTE,
    allowedOrigins: [],
    dataDir: defaultDataDir(),
    maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
    safeMode: true,
  };
}
