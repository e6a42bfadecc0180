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
  const file = (name: string): string => path.join(dir, name);
  return {
    dir,
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
    shortCertFile: file('short.pem'),
    shortKeyFile: file('short.key'),
    strayKeyFile: file('stray.key'),
  };
}
