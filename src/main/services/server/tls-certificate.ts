import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { TLS_EXPIRY_WARNING_DAYS, type TlsHealth, type TlsProblem } from '../../../shared/protocol';
import type { TlsConfig } from '../service-config';

export type TlsFailure = Extract<TlsHealth, { status: 'error' }>;

/** A certificate and its key, read and checked against each other, ready for `https.createServer`. */
export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
  certificate: X509Certificate;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const tlsFailure = (problem: TlsProblem, at: string, mensaje: string): TlsFailure => ({ status: 'error', problem, at, mensaje });

/**
 * Reads the PEM pair once, at start. Every way it can be wrong comes back as a problem naming the file, so the
 * service can keep serving plain `ws://` and the window can say what to fix.
 */
export function readTlsCredentials(config: Pick<TlsConfig, 'certFile' | 'keyFile'>): TlsCredentials | TlsFailure {
  if (config.certFile.trim() === '') return tlsFailure('cert-not-set', '', 'TLS: no certificate file given (--tls-cert) / falta el archivo del certificado');
  if (config.keyFile.trim() === '') return tlsFailure('key-not-set', '', 'TLS: no key file given (--tls-key) / falta el archivo de la clave');
  const cert = readPem(config.certFile, 'cert-unreadable', 'certificate');
  if (!Buffer.isBuffer(cert)) return cert;
  const key = readPem(config.keyFile, 'key-unreadable', 'key');
  if (!Buffer.isBuffer(key)) return key;
  let certificate: X509Certificate;
  try {
    // A chain file (server certificate first, then intermediates) is fine: the first one is the server's.
    certificate = new X509Certificate(cert);
  } catch (error) {
    return tlsFailure('cert-invalid', config.certFile, `TLS: ${config.certFile} is not a PEM certificate (${(error as Error).message})`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ERR_MISSING_PASSPHRASE' ? 'it is protected by a passphrase; export it without one' : (error as Error).message;
    return tlsFailure('key-invalid', config.keyFile, `TLS: ${config.keyFile} is not a usable PEM private key (${why})`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    return tlsFailure('mismatch', config.keyFile, `TLS: the key ${config.keyFile} does not belong to the certificate ${config.certFile}`);
  }
  return { cert, key, certificate };
}

function readPem(file: string, problem: TlsProblem, what: string): Buffer | TlsFailure {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return tlsFailure(problem, file, `TLS: cannot read the ${what} file ${file} (${code})`);
  }
}

/** What /health and the window say about a certificate being served. */
export function describeCertificate(certificate: X509Certificate, port: number, now = Date.now()): Extract<TlsHealth, { status: 'on' }> {
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
