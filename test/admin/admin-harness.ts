import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RetryPolicy } from '../../src/main/services/http/retry-policy';
import { AdminClient } from '../../src/main/services/admin/admin-client';
import { EMULATOR_ADMIN_KEYS } from '../emulators/translation-api/emulator';

export const ADMIN_KEY = EMULATOR_ADMIN_KEYS[0]!;

/** The production shape with short waits, so retry tests take milliseconds. */
export const QUICK_POLICY: RetryPolicy = { attemptTimeoutMs: 2_000, maxAttempts: 3, totalBudgetMs: 6_000, baseDelayMs: 20, maxDelayMs: 60 };

export function adminClient(serverUrl: string, overrides: { apiKey?: string | undefined; maxPages?: number } = {}): AdminClient {
  return new AdminClient({ apiKey: 'apiKey' in overrides ? overrides.apiKey : ADMIN_KEY, serverUrl, policy: QUICK_POLICY, ...(overrides.maxPages ? { maxPages: overrides.maxPages } : {}) });
}

export interface StubServer {
  url: string;
  /** Paths and queries asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** A server that answers whatever `answer` says: for answers the emulator never gives (odd fields, endless pages). */
export async function stubServer(answer: (url: URL) => { status: number; json: unknown }): Promise<StubServer> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub.invalid');
    asked.push(`${url.pathname}${url.search}`);
    const reply = answer(url);
    response.writeHead(reply.status, { 'Content-Type': 'application/json', 'X-Trace-ID': `stub${asked.length}` });
    response.end(JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
