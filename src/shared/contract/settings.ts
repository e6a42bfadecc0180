import { arrayOf, bool, int, nullable, object, oneOf, optional, str, type Infer } from './checks';
import { DOMAIN_PATTERN, MAX_DOMAIN_CHARS } from './origin-domains';
import { onlineOrderBindings } from './online-orders';

/** Secrets: stored encrypted, shown to the window only masked. */
export const SECRET_NAMES = ['token', 'translationApiKey', 'adminApiKey', 'campusApiKey', 'fleetPassword'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const baseUrl = str({ max: 2_000, pattern: /^(https?:\/\/\S+)?$/ });
/** A PEM file's path on this computer; empty when not set. */
const pemPath = str({ max: 1_000 });

/** A web page's origin as a browser sends it (`https://tpv.example.com`, `http://localhost:3000`): no path. */
export const ORIGIN_PATTERN = /^https?:\/\/[^\s/]+$/;
export const MAX_ORIGIN_CHARS = 500;
export const originText = str({ min: 1, max: MAX_ORIGIN_CHARS, pattern: ORIGIN_PATTERN });
/** Sites the owner allowed; refused ones may pile up from a hostile page, so that list keeps only the newest. */
export const MAX_ALLOWED_ORIGINS = 50;
export const MAX_DENIED_ORIGINS = 200;
/** A domain refused with all its subdomains (`example.com`), see origin-domains. */
export const domainText = str({ min: 3, max: MAX_DOMAIN_CHARS, pattern: DOMAIN_PATTERN });
export const MAX_DENIED_DOMAINS = 100;

/** A printer's model (a printer profile id, see src/shared/printer-profiles): its width, code pages and commands. */
export const printerProfileEntry = object({ printer: str({ min: 1, max: 500 }), model: str({ min: 1, max: 100 }) });
export type PrinterProfileEntry = Infer<typeof printerProfileEntry>;

/**
 * A device id for Epson ePOS apps (`devid`, typed into the POS as Epson's "Device ID") and the printer it names;
 * `local_printer` is the default printer unless given here to another one. Letters, digits, `_`, `-`, `.`: as Epson's.
 */
export const EPOS_DEVICE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,30}$/;
export const eposDeviceEntry = object({ id: str({ min: 1, max: 30, pattern: EPOS_DEVICE_ID_PATTERN }), printer: str({ min: 1, max: 500 }) });
export type EposDeviceEntry = Infer<typeof eposDeviceEntry>;
export const MAX_EPOS_DEVICES = 50;

/** The settings a user may change, minus secrets; every field has a default so a partial file still loads. */
export const settingsFields = {
  port: int(1, 65_535),
  env: oneOf(['production', 'development'] as const),
  /** Sites whose pages may print. Empty no longer means "every site": unknown sites are refused and asked about. */
  allowedOrigins: arrayOf(originText, MAX_ALLOWED_ORIGINS),
  /** Sites the owner refused when they asked (see server/origin-approval). */
  deniedOrigins: arrayOf(originText, MAX_DENIED_ORIGINS),
  /** Domains refused with every subdomain ("refuse all of example.com"), for a page that keeps making up names. */
  deniedDomains: arrayOf(domainText, MAX_DENIED_DOMAINS),
  queueCapacity: int(1, 100_000),
  rateLimit: int(0, 1_000_000),
  defaultPrinter: nullable(str({ min: 1, max: 500 })),
  /** Printer name → profile id; printers not listed print as the generic ESC/POS printer. */
  printerProfiles: arrayOf(printerProfileEntry, 200),
  /** Device ids for Epson ePOS apps (services/epos), one per printer that has one. */
  eposDevices: arrayOf(eposDeviceEntry, MAX_EPOS_DEVICES),
  safeMode: bool(),
  /** Minutes a held job (its printer ran out of paper…) can still be printed from the window; then it is discarded. */
  heldJobExpiryMinutes: int(1, 7 * 24 * 60),
  language: oneOf(LANGUAGES),
  translationBaseUrl: baseUrl,
  adminBaseUrl: baseUrl,
  campusBaseUrl: baseUrl,
  /**
   * Optional services a café does not use daily (issue 24): their Home card and menu entries show only once switched
   * on in Settings → "Servicios opcionales" (or while their key is in force, so a shop that set one keeps them).
   */
  campusEnabled: bool(),
  adminEnabled: bool(),
  /** The secure listener (`wss://`) is on when both files are set; see ServiceConfig.tls. */
  tlsCertFile: pemPath,
  tlsKeyFile: pemPath,
  tlsPort: int(1, 65_535),
  /** Remote printing through the chain's MQTT 5 broker (services/fleet): on when both the URL and the site are set. */
  fleetUrl: str({ max: 2_000, pattern: /^((mqtts?|wss?):\/\/[^\s@]+)?$/ }),
  fleetSite: str({ max: 64, pattern: /^([A-Za-z0-9][A-Za-z0-9_.-]{0,63})?$/ }),
  fleetUsername: str({ max: 500 }),
  fleetCaFile: pemPath,
  fleetCertFile: pemPath,
  fleetKeyFile: pemPath,
  /** Tickets older than this (by their `sent-at`, without an MQTT expiry of their own) are not printed; 0: off. */
  fleetTicketExpiryMinutes: int(0, 7 * 24 * 60),
  /**
   * Online-order servers polled for a printer each (contract/online-orders). Their passwords are secrets kept apart,
   * sealed per binding id (settings-store's `onlineOrderPassword`).
   */
  onlineOrders: onlineOrderBindings,
};
export type PlainSettings = { [K in keyof typeof settingsFields]: Infer<(typeof settingsFields)[K]> };

export const settingsPatch = object({
  port: optional(settingsFields.port),
  env: optional(settingsFields.env),
  allowedOrigins: optional(settingsFields.allowedOrigins),
  deniedOrigins: optional(settingsFields.deniedOrigins),
  deniedDomains: optional(settingsFields.deniedDomains),
  queueCapacity: optional(settingsFields.queueCapacity),
  rateLimit: optional(settingsFields.rateLimit),
  defaultPrinter: optional(settingsFields.defaultPrinter),
  printerProfiles: optional(settingsFields.printerProfiles),
  eposDevices: optional(settingsFields.eposDevices),
  safeMode: optional(settingsFields.safeMode),
  heldJobExpiryMinutes: optional(settingsFields.heldJobExpiryMinutes),
  language: optional(settingsFields.language),
  translationBaseUrl: optional(settingsFields.translationBaseUrl),
  adminBaseUrl: optional(settingsFields.adminBaseUrl),
  campusBaseUrl: optional(settingsFields.campusBaseUrl),
  campusEnabled: optional(settingsFields.campusEnabled),
  adminEnabled: optional(settingsFields.adminEnabled),
  tlsCertFile: optional(settingsFields.tlsCertFile),
  tlsKeyFile: optional(settingsFields.tlsKeyFile),
  tlsPort: optional(settingsFields.tlsPort),
  fleetUrl: optional(settingsFields.fleetUrl),
  fleetSite: optional(settingsFields.fleetSite),
  fleetUsername: optional(settingsFields.fleetUsername),
  fleetCaFile: optional(settingsFields.fleetCaFile),
  fleetCertFile: optional(settingsFields.fleetCertFile),
  fleetKeyFile: optional(settingsFields.fleetKeyFile),
  fleetTicketExpiryMinutes: optional(settingsFields.fleetTicketExpiryMinutes),
  onlineOrders: optional(settingsFields.onlineOrders),
});
export type SettingsPatch = Infer<typeof settingsPatch>;

/** A new secret value, or null to remove it; absent secrets are left as they are. */
const secretValue = optional(nullable(str({ min: 1, max: 4_096 })));
export const secretsPatch = object({
  token: secretValue,
  translationApiKey: secretValue,
  adminApiKey: secretValue,
  campusApiKey: secretValue,
  fleetPassword: secretValue,
});
export type SecretsPatch = Infer<typeof secretsPatch>;

export interface SecretView {
  set: boolean;
  /** `••••••1a2b` for long secrets, `••••••` otherwise: enough to recognise a key, never enough to use it. */
  masked: string;
}

/** Settings the command line or the environment fixed for this run (`serve --port …`), each with the flag or variable that did. */
export type FixedSettings = Partial<Record<keyof PlainSettings | SecretName, string>>;

export const isSecretName = (name: string): name is SecretName => (SECRET_NAMES as readonly string[]).includes(name);

export interface SettingsView extends PlainSettings {
  secrets: Record<SecretName, SecretView>;
  /** `encrypted` when the OS keychain protects secrets; otherwise they live in memory only until restart. */
  secretStorage: 'encrypted' | 'memory-only';
  /**
   * Values set on the command line: the view shows the running value for them and a change is refused, since it
   * could not take effect while the service runs with that flag.
   */
  fixed: FixedSettings;
  /** The system's reason the last change could not be applied (the service kept the previous settings), or null. */
  applyError: string | null;
  /** A saved change is being applied (the service restarts just after answering); read the settings again after. */
  applying: boolean;
}
