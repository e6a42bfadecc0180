import {
  CAMPUS_STATUS_PROBLEMS,
  type CampusEnvelope,
  type CampusFormat,
  type CampusMeta,
  type ChangelogEntry,
  type WirelessAuth,
} from '../../../shared/contract/campus-types';
import { redactSecrets } from '../http/error-meaning';
import { CAMPUS_POLICY, type RetryPolicy } from '../http/retry-policy';
import { runWithRetries } from '../http/run-with-retries';
import { BodyTooLargeError, sendOnce, type HttpAnswer } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import { CampusShapeError, type AnswerNode } from './answer-node';
import { changelogOf, envelopeOf, metaOf, wirelessOf } from './campus-answers';
import { rootOfBody, UnreadableBodyError } from './campus-body';
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
 */
export class CampusClient {
  private readonly base: string;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: CampusClientOptions) {
    this.base = options.serverUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
    this.policy = options.policy ?? CAMPUS_POLICY;
  }

  async wireless(format: CampusFormat = 'json', signal?: AbortSignal): Promise<CampusEnvelope<WirelessAuth>> {
    const apiKey = this.options.apiKey;
    if (!apiKey) throw new ServiceError({ kind: 'key-missing', service: CAMPUS_SERVICE, retryable: false, attempts: 0 });
    const query = new URLSearchParams({ key: apiKey });
    return this.get(`/v2/wireless/auth.${format}?${query}`, [apiKey], wirelessOf, signal);
  }

  async changelog(format: CampusFormat = 'json', signal?: AbortSignal): Promise<CampusEnvelope<ChangelogEntry[]>> {
    return this.get(`/v2/api/changelog.${format}`, [], changelogOf, signal);
  }

  private async get<T>(path: string, secrets: readonly string[], readData: (data: AnswerNode) => T, signal: AbortSignal | undefined): Promise<CampusEnvelope<T>> {
    const url = `${this.base}${path}`;
    const answer = await runWithRetries(
      async (attempt) => {
        try {
          // Any HTTP status may carry the service's own code in its envelope; a busy or broken server (5xx, 429
          // without an envelope) fails as the shared policy says, and is worth another attempt.
          return await sendOnce(
            { url, headers: { Accept: 'application/json, application/xml;q=0.9, */*;q=0.1' } },
            { service: CAMPUS_SERVICE, signal: attempt.signal, secrets, maxBodyBytes: this.options.maxBodyBytes ?? MAX_BODY_BYTES, readsErrorBody: hasEnvelope },
          );
        } catch (error) {
          if (error instanceof BodyTooLargeError) throw new CampusStatusError('body-too-large', { detail: error.detail });
          throw error;
        }
      },
      { service: CAMPUS_SERVICE, policy: this.policy, signal },
    );
    return this.read(answer, readData, secrets);
  }

  private read<T>(answer: HttpAnswer, readData: (data: AnswerNode) => T, secrets: readonly string[]): CampusEnvelope<T> {
    try {
      const root = rootOfBody(answer.body);
      const meta = metaOf(root);
      if (meta.status !== 200) throw statusError(meta, secrets);
      return envelopeOf(root, meta, readData);
    } catch (error) {
      if (error instanceof UnreadableBodyError) throw new CampusStatusError('unreadable-body', { detail: error.detail });
      if (error instanceof CampusShapeError) {
        throw new ServiceError({ kind: 'bad-response', service: CAMPUS_SERVICE, retryable: false, attempts: 1, cause: error.message, ...(answer.traceId ? { traceId: answer.traceId } : {}) });
      }
      throw error;
    }
  }
}

function statusError(meta: CampusMeta, secrets: readonly string[]): CampusStatusError {
  const problem = CAMPUS_STATUS_PROBLEMS[meta.status] ?? 'unexpected-status';
  // A server could echo the key in its message ("Invalid API key abc…"): never pass it on.
  const message = meta.message ? redactSecrets(meta.message, secrets).slice(0, 300) : undefined;
  return new CampusStatusError(problem, { code: meta.status, ...(message ? { serviceMessage: message } : {}) });
}

/** Whether an error body still carries the service's envelope (then its meta.status says more than the HTTP status). */
function hasEnvelope(body: string): boolean {
  try {
    metaOf(rootOfBody(body));
    return true;
  } catch {
    return false;
  }
}
