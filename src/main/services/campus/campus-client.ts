import { CAMPUS_STATUS_PROBLEMS, type CampusEnvelope, type CampusFormat, type ChangelogEntry, type WirelessAuth } from '../../../shared/contract/campus-types';
import { errorFromAnswer } from '../http/error-meaning';
import { knownSecrets, rememberSecrets } from '../http/redact-secrets';
import { CAMPUS_POLICY, type RetryPolicy } from '../http/retry-policy';
import { runWithRetries } from '../http/run-with-retries';
import { BodyTooLargeError, sendOnce, type HttpAnswer } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import { readCampusAnswer } from './campus-read-thread';
import type { CampusData, CampusMethod, CampusReading } from './campus-reading';
import { CampusStatusError } from './campus-status-error';

export const CAMPUS_SERVICE = 'campus';

/**
 * The longest answer read. The changelog (the larger method) is about 2 KB after years of changes; 1 MiB leaves room
 * for decades and stops a wrong address (a video, a log file) from filling the memory of the shop's computer.
 */
const MAX_BODY_BYTES = 1024 * 1024;

export interface CampusClientOptions {
  /** Undefined: the wireless method fails with `key-missing` before sending anything. The changelog needs none. */
  apiKey: string | undefined;
  /** The base address; the client adds `/v2/…`. */
  serverUrl: string;
  policy?: RetryPolicy;
  maxBodyBytes?: number;
}

/**
 * The campus open-data methods Ticketera uses (spec: campus-open-data-api.md): wireless authentication statistics
 * (key required) and the API changelog (no key). Either format gives the same typed result; `meta.status` other than
 * 200 is a CampusStatusError even with HTTP 200; the transport fails as the shared ServiceError kinds, under the
 * shared retry policy. The key travels in the query string as the service requires, and never reaches an error.
 * Large answers are read on a thread of their own (campus-read-thread); everything they say comes back redacted.
 */
export class CampusClient {
  private readonly base: string;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: CampusClientOptions) {
    this.base = options.serverUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
    this.policy = options.policy ?? CAMPUS_POLICY;
    rememberSecrets([options.apiKey]);
  }

  async wireless(format: CampusFormat = 'json', signal?: AbortSignal): Promise<CampusEnvelope<WirelessAuth>> {
    const apiKey = this.options.apiKey;
    if (!apiKey) throw new ServiceError({ kind: 'key-missing', service: CAMPUS_SERVICE, retryable: false, attempts: 0 });
    const query = new URLSearchParams({ key: apiKey });
    return this.get(`/v2/wireless/auth.${format}?${query}`, 'wireless', [apiKey], signal);
  }

  async changelog(format: CampusFormat = 'json', signal?: AbortSignal): Promise<CampusEnvelope<ChangelogEntry[]>> {
    return this.get(`/v2/api/changelog.${format}`, 'changelog', [], signal);
  }

  private get<M extends CampusMethod>(path: string, method: M, secrets: readonly string[], signal: AbortSignal | undefined): Promise<CampusEnvelope<CampusData[M]>> {
    const url = `${this.base}${path}`;
    return runWithRetries(
      async (attempt) => {
        const answer = await this.send(url, secrets, attempt.signal);
        const reading = await readCampusAnswer({ method, body: answer.bytes, secrets: [...knownSecrets(), ...secrets] }, attempt.signal);
        return outcomeOf(answer, reading, secrets);
      },
      { service: CAMPUS_SERVICE, policy: this.policy, signal },
    );
  }

  private async send(url: string, secrets: readonly string[], signal: AbortSignal): Promise<HttpAnswer> {
    try {
      // Every answer comes back whatever its HTTP status: whether it carries the service's envelope (whose
      // meta.status says more than the HTTP status) is only known once read, off this thread.
      return await sendOnce(
        { url, headers: { Accept: 'application/json, application/xml;q=0.9, */*;q=0.1' } },
        { service: CAMPUS_SERVICE, signal, secrets, maxBodyBytes: this.options.maxBodyBytes ?? MAX_BODY_BYTES, readsErrorBody: () => true },
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new CampusStatusError('body-too-large', { detail: error.detail });
      throw error;
    }
  }
}

function outcomeOf<M extends CampusMethod>(answer: HttpAnswer, reading: CampusReading<M>, secrets: readonly string[]): CampusEnvelope<CampusData[M]> {
  const envelope = reading.kind === 'read' || reading.kind === 'refused' || (reading.kind === 'misshapen' && reading.envelope);
  // An error status without the envelope (a proxy's 502 page, a 429 of a load balancer): the shared meanings apply,
  // and a busy or broken server is worth another attempt.
  if (answer.status >= 400 && !envelope) {
    throw errorFromAnswer({
      service: CAMPUS_SERVICE,
      status: answer.status,
      traceId: answer.traceId,
      retryAfter: answer.headers.get('retry-after') ?? undefined,
      body: answer.body,
      secrets,
    });
  }
  switch (reading.kind) {
    case 'read':
      return reading.envelope;
    case 'refused': {
      const problem = CAMPUS_STATUS_PROBLEMS[reading.code] ?? 'unexpected-status';
      throw new CampusStatusError(problem, { code: reading.code, ...(reading.message ? { serviceMessage: reading.message } : {}) });
    }
    case 'unreadable':
      throw new CampusStatusError('unreadable-body', { detail: reading.detail });
    case 'misshapen':
      throw new ServiceError({ kind: 'bad-response', service: CAMPUS_SERVICE, retryable: false, attempts: 1, cause: reading.detail, ...(answer.traceId ? { traceId: answer.traceId } : {}) });
  }
}
