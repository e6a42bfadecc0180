import type { TokenCheck } from './intake/token-check';
import os from 'node:os';
import path from 'node:path';
import type { FixedSettings } from '../../shared/contract/settings';
import type { FleetConfig } from './fleet/fleet-config';
import type { OnlineOrderConfig } from '../../shared/contract/online-orders';
import { DEFAULT_JOB_LIMITS } from '../../shared/document/job-limits';
import { DEFAULT_MAX_FRAME_BYTES, DEFAULT_PORT, DEFAULT_QUEUE_CAPACITY, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../shared/protocol';

/** A held ticket older than an hour belongs to a sale long settled some other way. */
export const DEFAULT_HELD_JOB_EXPIRY_MINUTES = 60;

export type ServiceEnv = 'production' | 'development';

/** Everything the print service needs to start; the CLI and the desktop app's settings both produce one. */
export interface ServiceConfig {
  host: string;
  port: number;
  env: ServiceEnv;
  token: TokenCheck | undefined;
  /** A saved token could not be read back (settings/settings-store.ts): shown in red on Home, the tray and /health. */
  tokenLost?: boolean;
  /** The configured default printer URI; when absent the system's default thermal printer, else `virtual`. */
  printer: string | undefined;
  queueCapacity: number;
  rateLimit: number;
  allowedOrigins: string[];
  dataDir: string;
  maxFrameBytes: number;
  safeMode: boolean;
  /** Paper one job may feed, in millimetres (`--max-paper-m`); see JobLimits. */
  maxPaperMm: number;
  /** The model set for each printer (by name) in the window; see EncodeOptions.printerModel. */
  printerProfiles: { printer: string; model: string }[];
  /** Device ids for Epson ePOS apps (`devid`), each naming a printer; `local_printer` is the default printer. */
  eposDevices: { id: string; printer: string }[];
  /** Minutes a job held by its printer (paper out, cover open) waits for "print now" before it is discarded. */
  heldJobExpiryMinutes: number;
  /** A second, secure listener (`wss://`, `https://`) for POS pages served over HTTPS; plain `ws://` stays on. */
  tls: TlsConfig | undefined;
  /** Remote printing through a chain's MQTT 5 broker (services/fleet); off when undefined. */
  fleet?: FleetConfig | undefined;
  /** Online-order servers (CloudPRNT, Epson SDP) polled for a printer each (issue 34); none when undefined or empty. */
  onlineOrders?: OnlineOrderConfig[] | undefined;
}

/** PEM files, read once at start; an empty path is reported as a TLS problem, not a failed start. */
export interface TlsConfig {
  certFile: string;
  keyFile: string;
  port: number;
}

/**
 * What the command line itself set: only these override the saved settings, and the window shows them as fixed
 * (`fixedBy` names the flag or variable) instead of offering a change that could not take effect.
 */
export interface CommandLineSettings {
  overrides: Partial<ServiceConfig>;
  fixedBy: FixedSettings;
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
    printerProfiles: [],
    eposDevices: [],
    queueCapacity: DEFAULT_QUEUE_CAPACITY,
    rateLimit: DEFAULT_RATE_LIMIT_PER_MINUTE,
    allowedOrigins: [],
    dataDir: defaultDataDir(),
    maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
    safeMode: true,
    maxPaperMm: DEFAULT_JOB_LIMITS.maxPaperMm,
    heldJobExpiryMinutes: DEFAULT_HELD_JOB_EXPIRY_MINUTES,
    tls: undefined,
  };
}
