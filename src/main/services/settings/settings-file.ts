import { readJsonObject, writePrivateJson } from '../files/private-json-file';

/** The settings file as stored: plain fields as JSON, secrets as base64 of their encrypted bytes only. */
export interface StoredSettings {
  version: 1;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  /** The access token's salted hash (server/token-hash.ts), kept even without a keychain; absent when no token. */
  tokenHash?: unknown;
  /** Set while a token was lost and not set again or removed, so the warning survives restarts too. */
  tokenLost?: true;
  /** Online-order servers' passwords by binding id, as base64 of their encrypted bytes only (like `secrets`). */
  onlineOrderSecrets?: Record<string, string>;
}

export function readSettingsFile(file: string): StoredSettings | undefined {
  const record = readJsonObject(file);
  if (record === undefined) return undefined;
  const stored: StoredSettings = { version: 1, settings: objectOrEmpty(record['settings']), secrets: stringsOnly(objectOrEmpty(record['secrets'])) };
  if (record['tokenHash'] !== undefined) stored.tokenHash = record['tokenHash'];
  if (record['tokenLost'] === true) stored.tokenLost = true;
  const onlineOrderSecrets = stringsOnly(objectOrEmpty(record['onlineOrderSecrets']));
  if (Object.keys(onlineOrderSecrets).length > 0) stored.onlineOrderSecrets = onlineOrderSecrets;
  return stored;
}

/** Write-then-rename so a crash mid-save never leaves half a file; readable by this user only. */
export function writeSettingsFile(file: string, stored: StoredSettings): void {
  writePrivateJson(file, stored, 2);
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringsOnly(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
