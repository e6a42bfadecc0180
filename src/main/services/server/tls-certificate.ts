import { KeyObject, X509Certificate, createPrivateKey } from 'node:crypto';
import { TLS_EXPIRY_WARNING_DAYS, type TlsHealth, type TlsProblem } from '../../../shared/protocol';
import type { TlsConfig } from '../service-config';
import { TlsFileError, readTlsFile, type TlsFileLimits } from './tls-file';

export type TlsFailure = Extract<TlsHealth, { status: 'error' }>;

/** A certificate and its key, read and checked against each other, ready for `https.createServer`. */
export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
  certificate: X509Certificate;
  certFile: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const tlsFailure = (problem: TlsProblem, at: string, mensaje: string, extra: Pick<TlsFailure, 'reason' | 'valid_from'> = {}): TlsFailure => ({
  status: 'error',
  problem,
  at,
  ...extra,
  mensaje,
});

/**
 * Reads the PEM pair once, at start. Every way it can be wrong comes back as a problem naming the file, so the
 * service can keep serving plain `ws://` and the window can say what to fix.
 */
export async function readTlsCredentials(config: Pick<TlsConfig, 'certFile' | 'keyFile'>, limits?: TlsFileLimits): Promise<TlsCredentials | TlsFailure> {
  if (config.certFile.trim() === '') return tlsFailure('cert-not-set', '', 'TLS: no certificate file given (--tls-cert) / falta el archivo del certificado');
  if (config.keyFile.trim() === '') return tlsFailure('key-not-set', '', 'TLS: no key file given (--tls-key) / falta el archivo de la clave');
  const cert = await readPem(config.certFile, 'cert-unreadable', 'certificate', limits);
  if (!Buffer.isBuffer(cert)) return cert;
  const key = await readPem(config.keyFile, 'key-unreadable', 'key', limits);
  if (!Buffer.isBuffer(key)) return key;
  let certificate: X509Certificate;
  try {
    // A chain file (server certificate first, then intermediates) is fine: the first one is the server's.
    certificate = new X509Certificate(cert);
  } catch (error) {
    return tlsFailure('cert-invalid', config.certFile, `TLS: ${config.certFile} is not a PEM certificate (${(error as Error).message})`);
  }
  const privateKey = keyOf(key, config.keyFile);
  if (!(privateKey instanceof KeyObject)) return privateKey;
  if (!certificate.checkPrivateKey(privateKey)) {
    return tlsFailure('mismatch', config.keyFile, `TLS: the key ${config.keyFile} does not belong to the certificate ${config.certFile}`);
  }
  return { cert, key, certificate, certFile: config.certFile };
}

/**
 * OpenSSL 3 answers a key with a passphrase (and none given) with "interrupted or cancelled", which says nothing
 * useful: the PEM's own header (PKCS#8 `ENCRYPTED PRIVATE KEY`, or the older `Proc-Type: 4,ENCRYPTED`) says it.
 */
const ENCRYPTED_PEM = /-----BEGIN ENCRYPTED PRIVATE KEY-----|^Proc-Type:\s*4,ENCRYPTED/m;
const PASSPHRASE_CODES = new Set(['ERR_MISSING_PASSPHRASE', 'ERR_OSSL_CRYPTO_INTERRUPTED_OR_CANCELLED']);

function keyOf(key: Buffer, keyFile: string): KeyObject | TlsFailure {
  if (ENCRYPTED_PEM.test(key.toString('latin1'))) return passphraseFailure(keyFile);
  try {
    return createPrivateKey(key);
  } catch (error) {
    if (PASSPHRASE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return passphraseFailure(keyFile);
    return tlsFailure('key-invalid', keyFile, `TLS: ${keyFile} is not a usable PEM private key (${(error as Error).message})`);
  }
}

const passphraseFailure = (keyFile: string): TlsFailure =>
  tlsFailure(
    'key-encrypted',
    keyFile,
    `TLS: the key ${keyFile} is protected by a passphrase, which the service cannot type at start: export it without one (openssl pkey -in key.pem -out key-plain.pem) and give that file`,
  );

async function readPem(file: string, problem: TlsProblem, what: string, limits: TlsFileLimits | undefined): Promise<Buffer | TlsFailure> {
  try {
    return await readTlsFile(file, limits);
  } catch (error) {
    const reason = error instanceof TlsFileError ? error.reason : undefined;
    return tlsFailure(problem, file, `TLS: the ${what} file ${file} ${(error as Error).message}`, reason ? { reason } : {});
  }
}

/**
 * What /health and the window say about a certificate being served, computed when asked: one not valid yet (a
 * clock behind, or a certificate dated ahead) is a problem until that moment, since every browser refuses it.
 */
export function certificateHealth(credentials: Pick<TlsCredentials, 'certificate' | 'certFile'>, port: number, now = Date.now()): TlsHealth {
  const { certificate, certFile } = credentials;
  const validFrom = new Date(certificate.validFrom);
  if (now < validFrom.getTime()) {
    const from = validFrom.toISOString();
    return tlsFailure(
      'cert-not-yet-valid',
      certFile,
      `TLS: the certificate ${certFile} is not valid until ${from}, so every tablet refuses it until then: check this computer's date and time, or make a certificate valid from today`,
      { valid_from: from },
    );
  }
  const validTo = new Date(certificate.validTo);
  const daysLeft = Math.floor((validTo.getTime() - now) / DAY_MS);
  return {
    status: 'on',
    port,
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    names: namesOf(certificate),
    valid_to: validTo.toISOString(),
    days_left: daysLeft,
    expires_soon: daysLeft < TLS_EXPIRY_WARNING_DAYS,
  };
}

const oneLine = (distinguishedName: string): string => distinguishedName.split('\n').filter(Boolean).join(', ');

/** `DNS:caja-01.local, IP Address:192.168.1.10` → the names a POS may use to reach this computer securely. */
function namesOf(certificate: X509Certificate): string[] {
  return (certificate.subjectAltName ?? '')
    .split(', ')
    .map((entry) => /^(?:DNS|IP Address):(.+)$/.exec(entry.trim())?.[1])
    .filter((name): name is string => name !== undefined);
}
