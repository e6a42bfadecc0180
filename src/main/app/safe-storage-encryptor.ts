import { safeStorage } from 'electron';
import type { Encryptor } from '../services/settings/encryptor';

/**
 * `safeStorage` as the settings store's encryptor. On Linux without a keyring Electron falls back to a hard-coded
 * key ("basic_text"), which is no protection: treat it as unavailable so secrets stay in memory only.
 */
export function safeStorageEncryptor(): Encryptor {
  const weakBackend = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  return {
    available: safeStorage.isEncryptionAvailable() && !weakBackend,
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (sealed) => safeStorage.decryptString(sealed),
  };
}
