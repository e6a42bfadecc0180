import { ContractInputError } from '../../../shared/contract/checks';
import {
  SECRET_NAMES,
  settingsFields,
  type PlainSettings,
  type SecretName,
  type SecretsPatch,
  type SettingsPatch,
  type SettingsView,
} from '../../../shared/contract/settings';

export type StoredSettingsView = Omit<SettingsView, 'fixed' | 'applyError' | 'applying'>;
import { hashToken, parseTokenHash, type TokenHash } from '../intake/token-hash';
import type { TokenCheck } from '../intake/token-check';
import { defaultSettings } from './default-settings';
import type { Encryptor } from './encryptor';
import { maskSecret } from './mask-secret';
import { readSettingsFile, writeSettingsFile, type StoredSettings } from './settings-file';

/**
 * The app's settings under the user data dir. Secrets are sealed with the injected encryptor before they touch
 * the disk and leave this object in full only through `secret()` (for the service), never through `view()`.
 */
export class SettingsStore {
  private plainSettings: PlainSettings;
  private readonly secrets = new Map<SecretName, string>();
  /** Online-order servers' passwords by binding id: sealed like the other secrets, dropped with their binding. */
  private readonly onlineOrderPasswords = new Map<string, string>();
  /** Checks the token after a restart when the token itself could not be kept (no keychain, or it lost it). */
  private tokenHash: TokenHash | undefined;
  /** A token was set, and neither it nor its hash could be read back: the service says so in red (issue 24). */
  private lost = false;

  private constructor(
    private readonly file: string,
    /** Also seals other secrets kept beside the settings (the translation service's document keys). */
    readonly encryptor: Encryptor,
    private readonly log: (line: string) => void,
  ) {
    this.plainSettings = defaultSettings();
  }

  static open(file: string, encryptor: Encryptor, log: (line: string) => void = () => undefined): SettingsStore {
    const store = new SettingsStore(file, encryptor, log);
    store.load();
    return store;
  }

  get settings(): PlainSettings {
    return structuredClone(this.plainSettings);
  }

  secret(name: SecretName): string | undefined {
    return this.secrets.get(name);
  }

  /** The password of an online-order binding (contract/online-orders), for the service only. */
  onlineOrderPassword(bindingId: string): string | undefined {
    return this.onlineOrderPasswords.get(bindingId);
  }

  /** The token if this run knows it, else its saved hash; undefined when no token is set (or it was lost). */
  tokenCheck(): TokenCheck | undefined {
    return this.secrets.get('token') ?? this.tokenHash;
  }

  get tokenLost(): boolean {
    return this.lost;
  }

  /** What the file holds, secrets masked (the app host lays the running values over it, see settings-view). */
  view(): StoredSettingsView {
    const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, maskSecret(this.secrets.get(name))])) as SettingsView['secrets'];
    return { ...this.settings, secrets, secretStorage: this.encryptor.available ? 'encrypted' : 'memory-only' };
  }

  /** Applies an already validated patch and saves; returns the new view. */
  update(patch: { settings?: SettingsPatch; secrets?: SecretsPatch; onlineOrderPasswords?: Record<string, string | null> }): StoredSettingsView {
    this.plainSettings = { ...this.plainSettings, ...patch.settings };
    for (const [id, password] of Object.entries(patch.onlineOrderPasswords ?? {})) {
      if (password === null || password === '') this.onlineOrderPasswords.delete(id);
      else this.onlineOrderPasswords.set(id, password);
    }
    // A removed binding takes its password with it.
    const bound = new Set(this.plainSettings.onlineOrders.map((binding) => binding.id));
    for (const id of this.onlineOrderPasswords.keys()) if (!bound.has(id)) this.onlineOrderPasswords.delete(id);
    for (const name of SECRET_NAMES) {
      const value = patch.secrets?.[name];
      if (value === null) this.secrets.delete(name);
      else if (value !== undefined) this.secrets.set(name, value);
    }
    const token = patch.secrets?.token;
    if (token !== undefined) {
      // Setting a token, or removing it on purpose, is the owner's answer to "protection lost".
      this.tokenHash = token === null ? undefined : hashToken(token);
      this.lost = false;
    }
    this.save();
    return this.view();
  }

  private load(): void {
    const stored = readSettingsFile(this.file);
    if (!stored) return;
    const loaded: Record<string, unknown> = { ...this.plainSettings };
    for (const [key, check] of Object.entries(settingsFields)) {
      if (stored.settings[key] === undefined) continue;
      try {
        loaded[key] = check.parse(stored.settings[key], key);
      } catch (error) {
        // One bad field (hand-edited file, older version) must not lose every other setting.
        this.log(`Ignoring saved setting: ${error instanceof ContractInputError ? error.message : key}`);
      }
    }
    this.plainSettings = loaded as PlainSettings;
    this.tokenHash = parseTokenHash(stored.tokenHash);
    if (this.encryptor.available) {
      this.unseal(stored.secrets);
      this.unsealOnlineOrderPasswords(stored.onlineOrderSecrets ?? {});
    }
    const token = this.secrets.get('token');
    if (token !== undefined && this.tokenHash === undefined) {
      // Saved before hashes existed, or the hash was damaged: write one now, so losing the keychain later does
      // not lose protection.
      this.tokenHash = hashToken(token);
      this.save();
    }
    const tokenWasSet = stored.tokenHash !== undefined || stored.secrets['token'] !== undefined || stored.tokenLost === true;
    if (this.tokenCheck() === undefined && tokenWasSet) {
      this.lost = true;
      this.log('The access token could not be read back: set it again in Settings / No se pudo recuperar el token de acceso: vuelva a ponerlo en Ajustes');
    }
  }

  private unseal(sealedSecrets: Record<string, string>): void {
    for (const name of SECRET_NAMES) {
      const sealed = sealedSecrets[name];
      if (sealed === undefined) continue;
      try {
        this.secrets.set(name, this.encryptor.decrypt(Buffer.from(sealed, 'base64')));
      } catch {
        this.log(`Could not decrypt the saved ${name}; enter it again / No se pudo descifrar ${name}`);
      }
    }
  }

  private unsealOnlineOrderPasswords(sealed: Record<string, string>): void {
    for (const binding of this.plainSettings.onlineOrders) {
      const value = sealed[binding.id];
      if (value === undefined) continue;
      try {
        this.onlineOrderPasswords.set(binding.id, this.encryptor.decrypt(Buffer.from(value, 'base64')));
      } catch {
        this.log(`Could not decrypt the password of online-order server ${binding.id}; enter it again / No se pudo descifrar la contraseña del servidor de pedidos ${binding.id}`);
      }
    }
  }

  private save(): void {
    const secrets: Record<string, string> = {};
    const onlineOrderSecrets: Record<string, string> = {};
    if (this.encryptor.available) {
      for (const [name, value] of this.secrets) secrets[name] = this.encryptor.encrypt(value).toString('base64');
      for (const [id, value] of this.onlineOrderPasswords) onlineOrderSecrets[id] = this.encryptor.encrypt(value).toString('base64');
    }
    const stored: StoredSettings = { version: 1, settings: { ...this.plainSettings }, secrets };
    if (Object.keys(onlineOrderSecrets).length > 0) stored.onlineOrderSecrets = onlineOrderSecrets;
    if (this.tokenHash) stored.tokenHash = this.tokenHash;
    if (this.lost) stored.tokenLost = true;
    writeSettingsFile(this.file, stored);
  }
}
