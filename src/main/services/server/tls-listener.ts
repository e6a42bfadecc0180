import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TlsHealth } from '../../../shared/protocol';
import type { TlsConfig } from '../service-config';
import { certificateHealth, readTlsCredentials, tlsFailure, type TlsFailure } from './tls-certificate';

/** Makes one listener around the server's single request handler: plain HTTP, or HTTPS with a certificate. */
export type ListenerFactory = (handler: http.RequestListener) => http.Server | https.Server;

export const plainListener: ListenerFactory = (handler) => http.createServer(handler);

/** Binds a listener made by `create` on the server's host(s); rejects as `listen` does (EADDRINUSE…). */
export type BindAll = (create: ListenerFactory, port: number) => Promise<AddressInfo>;

/** The secure listener's state for /health and the window; `health()` is computed when asked, so expiry stays current. */
export interface SecureListener {
  health(now?: number): TlsHealth;
}

const NOT_SERVING = '; serving plain ws:// only / solo se sirve ws:// sin cifrar';

/**
 * Starts the `wss://`/`https://` listener beside the plain one. Never rejects: a bad certificate or a taken port is
 * logged and reported through `health()`, because a shop whose tablets need TLS still has tills on plain `ws://`
 * that must keep printing. The files are read asynchronously with bounds (see tls-file), so the plain listener,
 * already bound, keeps answering meanwhile.
 */
export async function startSecureListener(config: TlsConfig, bindAll: BindAll, log?: (line: string) => void): Promise<SecureListener> {
  const failed = (failure: TlsFailure): SecureListener => {
    log?.(`${failure.mensaje}${NOT_SERVING}`);
    return { health: () => failure };
  };
  const credentials = await readTlsCredentials(config);
  if ('status' in credentials) return failed(credentials);
  let address: AddressInfo;
  try {
    address = await bindAll((handler) => https.createServer({ cert: credentials.cert, key: credentials.key }, handler), config.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const port = String(config.port);
    if (code === 'EADDRINUSE') return failed(tlsFailure('port-in-use', port, `TLS: port ${port} is already in use by another program`));
    return failed(tlsFailure('listen-failed', port, `TLS: cannot listen on port ${port} (${code ?? (error as Error).message})`));
  }
  // A certificate dated ahead is served anyway: once its start passes (a clock put right), it works without a restart.
  const atStart = certificateHealth(credentials, address.port);
  if (atStart.status === 'error') log?.(atStart.mensaje);
  return { health: (now = Date.now()) => certificateHealth(credentials, address.port, now) };
}
