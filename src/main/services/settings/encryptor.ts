/**
 * Encrypts secrets for the settings file. Electron's `safeStorage` (DPAPI on Windows, Keychain on macOS, libsecret
 * on Linux) implements it in the app layer; tests use a fake. When `available` is false nothing secret is written.
 */
export interface Encryptor {
  readonly available: boolean;
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

/** For hosts without a keychain (the CLI, CI): secrets stay in memory only. */
export const NO_ENCRYPTION: Encryptor = {
  available: false,
  encrypt: () => {
    throw new Error('no encryption available');
  },
  decrypt: () => {
    throw new Error('no encryption available');
  },
};
