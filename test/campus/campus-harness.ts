import type { RetryPolicy } from '../../src/main/services/http/retry-policy';
import { CampusClient } from '../../src/main/services/campus/campus-client';
import { CampusStatusError } from '../../src/main/services/campus/campus-status-error';
import { ServiceError } from '../../src/main/services/http/service-error';

/** The production shape with short waits: a slow answer (emulator `slowMs`) outlasts one attempt in milliseconds. */
export const QUICK_POLICY: RetryPolicy = { attemptTimeoutMs: 300, maxAttempts: 2, totalBudgetMs: 2_000, baseDelayMs: 10, maxDelayMs: 30 };
export const EMULATOR_SLOW_MS = 1_500;

export function campusClient(serverUrl: string, apiKey: string | undefined, maxBodyBytes?: number): CampusClient {
  return new CampusClient({ apiKey, serverUrl, policy: QUICK_POLICY, ...(maxBodyBytes ? { maxBodyBytes } : {}) });
}

/** What a call failed with: the campus problem or the shared kind, plus the text an error carries (no key in it). */
export async function failureOf(call: Promise<unknown>): Promise<{ kind: string; code?: number; text: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof CampusStatusError) return { kind: error.problem, ...(error.details.code !== undefined ? { code: error.details.code } : {}), text: `${error.message} ${JSON.stringify(error.details)}` };
    if (error instanceof ServiceError) return { kind: error.kind, text: `${error.message} ${JSON.stringify(error.data())}` };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** An address where nothing listens: a port just freed (not port 9, which fetch refuses before connecting). */
export async function closedAddress(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
