import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throwaway CA and server certificates it signed, made with the `openssl` CLI as the README tells shop owners to. */
export interface TestCertificates {
  dir: string;
  /** The CA's certificate: what a POS device trusts. */
  caFile: string;
  /** Server certificate for localhost and 127.0.0.1, valid a year, and its key. */
  certFile: string;
  keyFile: string;
  /** Another certificate from the same CA, expiring in 10 days. */
  shortCertFile: string;
  shortKeyFile: string;
  /** A key that belongs to no certificate here. */
  strayKeyFile: string;
  /** Another certificate from the same CA, valid only from 2099-01-01 (a clock behind, or dated ahead by mistake), and its key. */
  futureCertFile: string;
  futureKeyFile: string;
  /** The server key under a passphrase, as `openssl pkey -aes256` (PKCS#8) and `openssl ec -aes256` (the older PEM) write it. */
  encryptedKeyFile: string;
  traditionalEncryptedKeyFile: string;
}

const openssl = (dir: string, args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** EC keys: quick to make on a busy CI machine, and what mkcert makes too. */
const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeTestCertificates(names = 'DNS:localhost,IP:127.0.0.1'): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-tls-'));
  openssl(dir, ['req', '-x509', ...newKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=Ticketera Test CA']);
  fs.writeFileSync(
    path.join(dir, 'server.ext'),
    `subjectAltName=${names}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`,
  );
  const serverCertificate = (name: string, days: number): void => {
    openssl(dir, ['req', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=caja-test']);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', String(days), '-extfile', 'server.ext']);
  };
  serverCertificate('server', 365);
  serverCertificate('short', 10);
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', 'stray.key']);
  futureCertificate(dir);
  openssl(dir, ['pkey', '-in', 'server.key', '-aes256', '-passout', 'pass:secreto', '-out', 'encrypted.key']);
  openssl(dir, ['ec', '-in', 'server.key', '-aes256', '-passout', 'pass:secreto', '-out', 'encrypted-traditional.key']);
  const file = (name: string): string => path.join(dir, name);
  return {
    dir,
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
    shortCertFile: file('short.pem'),
    shortKeyFile: file('short.key'),
    strayKeyFile: file('stray.key'),
    futureCertFile: file('future.pem'),
    futureKeyFile: file('future.key'),
    encryptedKeyFile: file('encrypted.key'),
    traditionalEncryptedKeyFile: file('encrypted-traditional.key'),
  };
}

/**
 * `openssl x509 -not_before` needs OpenSSL 3.4; `openssl ca -startdate` sets the start on any version, from a
 * throwaway CA database beside the files.
 */
function futureCertificate(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'serial'), '1000\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      'database = index.txt',
      'new_certs_dir = .',
      'serial = serial',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      '[any]',
      'commonName = supplied',
      '[server]',
      'subjectAltName = DNS:localhost,IP:127.0.0.1',
      'basicConstraints = CA:FALSE',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n'),
  );
  openssl(dir, ['req', ...newKey, '-keyout', 'future.key', '-out', 'future.csr', '-subj', '/CN=caja-test']);
  openssl(dir, ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', 'future.csr', '-out', 'future.pem', '-startdate', '20990101000000Z', '-enddate', '21000101000000Z', '-extensions', 'server', '-notext']);
}
