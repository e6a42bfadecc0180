import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { Encryptor } from '../settings/encryptor';

const VERSION = 1;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * For the command line, which has no OS keychain (the settings store runs with NO_ENCRYPTION there): seals a
 * document key with AES-256-GCM under a key derived (scrypt, random salt) from the translation API key. The file
 * alone then reveals nothing, and whoever holds the API key could fetch the document anyway — so a CLI run can resume
 * a job after a crash without ever writing its document key in plain text. The app uses the OS keychain instead.
 */
export function apiKeyEncryptor(apiKey: string): Encryptor {
  const keyFor = (salt: Buffer): Buffer => scryptSync(apiKey, salt, 32);
  return {
    available: apiKey.length > 0,
    encrypt(plain) {
      const salt = randomBytes(SALT_BYTES);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyFor(salt), iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), salt, iv, cipher.getAuthTag(), sealed]);
    },
    decrypt(sealed) {
      if (sealed[0] !== VERSION) throw new Error('unknown sealed format');
      const salt = sealed.subarray(1, 1 + SALT_BYTES);
      const iv = sealed.subarray(1 + SALT_BYTES, 1 + SALT_BYTES + IV_BYTES);
      const tag = sealed.subarray(1 + SALT_BYTES + IV_BYTES, 1 + SALT_BYTES + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', keyFor(salt), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + SALT_BYTES + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
