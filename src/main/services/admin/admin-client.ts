import { rangeProblem } from '../../../shared/contract/admin-range';
import {
  TAG_AGGREGATIONS,
  USAGE_GROUPINGS,
  type AdminKey,
  type CustomTagReport,
  type KeyLimits,
  type TagAggregation,
  type TagUsageRow,
  type UsageReport,
} from '../../../shared/contract/admin-types';
import { ADMIN_ANSWER_LIMIT } from '../http/answer-limits';
import { readAnswer } from '../http/read-off-thread';
import { ADMIN_POLICY, type RetryPolicy } from '../http/retry-policy';
import { runWithRetries } from '../http/run-with-retries';
import { sendOnce, type HttpRequest } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import type { AdminShape, AdminValues } from './admin-reading';
import { AdminRuleError } from './admin-rule-error';

/** An answer read: its value, and its trace id for errors found later (a page that goes round in a circle). */
interface Read<T> {
  value: T;
  traceId: string | undefined;
}

export const ADMIN_SERVICE = 'admin';
/** The service's own limit on a label is not documented; a label is a name for people, this is plenty. */
export const MAX_LABEL_LENGTH = 256;
/**
 * A hostile or broken server could answer `next_page` forever: past this many pages (or rows) the report is refused.
 * A shop's organization has a handful of tags; a thousand pages is far beyond any real report.
 */
export const MAX_TAG_PAGES = 1_000;
export const MAX_TAG_ROWS = 200_000;

export interface AdminClientOptions {
  /** Undefined: every call fails with `key-missing` (the window then says where to set it). */
  apiKey: string | undefined;
  serverUrl: string;
  policy?: RetryPolicy;
  maxPages?: number;
}

export interface UsageQuery {
  from: string;
  to: string;
  /** A string so the command line's value is checked here too; undefined or '' = no grouping. */
  groupBy?: string | undefined;
}

export interface CustomTagQuery {
  from: string;
  to: string;
  /** Default `period`. */
  aggregateBy?: string | undefined;
}

/**
 * The organization admin endpoints (`/v2/admin/…`): developer keys and usage analytics. Same retries, time limits
 * and error meanings as every other outside service (http/send-request); answers checked at the boundary
 * (admin-answers); requests checked before sending (dates, range, grouping, limits).
 */
export class AdminClient {
  private readonly base: string;
  private readonly policy: RetryPolicy;
  private readonly maxPages: number;

  constructor(private readonly options: AdminClientOptions) {
    this.base = options.serverUrl.replace(/\/+$/, '');
    this.policy = options.policy ?? ADMIN_POLICY;
    this.maxPages = options.maxPages ?? MAX_TAG_PAGES;
  }

  async listKeys(signal?: AbortSignal): Promise<AdminKey[]> {
    return (await this.call({ method: 'GET', path: '/v2/admin/developer-keys' }, { shape: 'keys' }, signal)).value;
  }

  async createKey(label: string | undefined, signal?: AbortSignal): Promise<AdminKey> {
    if (label !== undefined) checkLabel(label);
    // Not idempotent: if the answer is lost the key may exist already, so one attempt only.
    const request = { method: 'POST', path: '/v2/admin/developer-keys', json: label === undefined ? {} : { label } } as const;
    return (await this.call(request, { shape: 'key' }, signal, { ...this.policy, maxAttempts: 1 })).value;
  }

  async renameKey(keyId: string, label: string, signal?: AbortSignal): Promise<AdminKey> {
    checkLabel(label);
    return (await this.call({ method: 'PUT', path: '/v2/admin/developer-keys/label', json: { key_id: keyId, label } }, { shape: 'key' }, signal)).value;
  }

  /**
   * Sets the limits given (`null` removes one). The interface does not say whether a limit left out of the request is
   * kept or removed, so a change of one limit first reads the key and sends the other one as it is.
   */
  async setLimits(keyId: string, change: Partial<KeyLimits>, signal?: AbortSignal): Promise<AdminKey> {
    checkLimit('characters', change.characters);
    checkLimit('speechToTextMilliseconds', change.speechToTextMilliseconds);
    let limits = change;
    if (change.characters === undefined || change.speechToTextMilliseconds === undefined) {
      const current = (await this.listKeys(signal)).find((key) => key.keyId === keyId);
      if (current) limits = { ...current.limits, ...definedOnly(change) };
    }
    const body: Record<string, unknown> = { key_id: keyId };
    if (limits.characters !== undefined) body['characters'] = limits.characters;
    if (limits.speechToTextMilliseconds !== undefined) body['speech_to_text_milliseconds'] = limits.speechToTextMilliseconds;
    return (await this.call({ method: 'PUT', path: '/v2/admin/developer-keys/limits', json: body }, { shape: 'key' }, signal)).value;
  }

  async deactivateKey(keyId: string, signal?: AbortSignal): Promise<AdminKey> {
    return (await this.call({ method: 'PUT', path: '/v2/admin/developer-keys/deactivate', json: { key_id: keyId } }, { shape: 'key' }, signal)).value;
  }

  async usage(query: UsageQuery, signal?: AbortSignal): Promise<UsageReport> {
    checkRange(query.from, query.to);
    const groupBy = query.groupBy === undefined || query.groupBy === '' ? null : choice(query.groupBy, USAGE_GROUPINGS, 'group-by');
    const params = new URLSearchParams({ start_date: query.from, end_date: query.to, ...(groupBy ? { group_by: groupBy } : {}) });
    return (await this.call({ method: 'GET', path: `/v2/admin/analytics?${params}` }, { shape: 'usage', groupBy }, signal)).value;
  }

  /** Every page, following `next_page` until null (bounded, see MAX_TAG_PAGES); `onPage` is told after each one. */
  async customTags(query: CustomTagQuery, signal?: AbortSignal, onPage?: (pages: number) => void): Promise<CustomTagReport> {
    checkRange(query.from, query.to);
    const aggregateBy: TagAggregation = query.aggregateBy === undefined || query.aggregateBy === '' ? 'period' : choice(query.aggregateBy, TAG_AGGREGATIONS, 'aggregate-by');
    const rows: TagUsageRow[] = [];
    const asked = new Set<number>();
    let page: number | undefined;
    let pages = 0;
    let range = { from: query.from, to: query.to };
    for (;;) {
      if (pages >= this.maxPages) throw this.badResponse(`the custom-tag report did not end after ${this.maxPages} pages`);
      const params = new URLSearchParams({ start_date: query.from, end_date: query.to, aggregate_by: aggregateBy, ...(page !== undefined ? { page: String(page) } : {}) });
      const { value: current, traceId } = await this.call({ method: 'GET', path: `/v2/admin/analytics/custom-tags?${params}` }, { shape: 'tag-page', aggregateBy }, signal);
      pages += 1;
      if (pages === 1) range = { from: current.from, to: current.to };
      // One by one: spreading a page of 100,000 rows into push() would overflow the stack.
      for (const row of current.rows) rows.push(row);
      onPage?.(pages);
      if (rows.length > MAX_TAG_ROWS) throw this.badResponse(`the custom-tag report has more than ${MAX_TAG_ROWS} rows`, traceId);
      if (current.nextPage === null) break;
      if (asked.has(current.nextPage)) throw this.badResponse(`next_page ${current.nextPage} was already read: the pages go round in a circle`, traceId);
      asked.add(current.nextPage);
      page = current.nextPage;
    }
    return { ...range, aggregateBy, pages, rows };
  }

  /**
   * One request and its answer read, under the shared policy (retries, time limits, cancellation, error meanings).
   * The answer is read inside the attempt, off this thread when large (http/read-off-thread): the attempt's time limit
   * and the caller's cancel also give the read up.
   */
  private call<S extends AdminShape>(
    request: { method: HttpRequest['method']; path: string; json?: unknown },
    shape: S,
    signal: AbortSignal | undefined,
    policy = this.policy,
  ): Promise<Read<AdminValues[S['shape']]>> {
    const apiKey = this.options.apiKey;
    if (!apiKey) return Promise.reject(new ServiceError({ kind: 'key-missing', service: ADMIN_SERVICE, retryable: false, attempts: 0 }));
    const http: HttpRequest = {
      url: `${this.base}${request.path}`,
      ...(request.method ? { method: request.method } : {}),
      headers: {
        Authorization: `DeepL-Auth-Key ${apiKey}`,
        Accept: 'application/json',
        ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
    };
    return runWithRetries(
      async (attempt) => {
        // Bounded while it streams: a server sending gigabytes fails as `answer-too-large` instead of filling the memory.
        const answer = await sendOnce(http, { service: ADMIN_SERVICE, signal: attempt.signal, secrets: [apiKey], maxBodyBytes: ADMIN_ANSWER_LIMIT });
        const reading = await readAnswer({ reader: 'admin', params: shape, body: answer.bytes, handOver: true, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) }, attempt.signal, [apiKey]);
        // Anything unreadable is `bad-response` with the field at fault and the trace id.
        if (reading.kind === 'unreadable') throw this.badResponse(reading.detail, answer.traceId);
        return { value: reading.value as AdminValues[S['shape']], traceId: answer.traceId };
      },
      { service: ADMIN_SERVICE, policy, signal },
    );
  }

  private badResponse(detail: string, traceId?: string): ServiceError {
    return new ServiceError({ kind: 'bad-response', service: ADMIN_SERVICE, retryable: false, attempts: 1, cause: detail, ...(traceId ? { traceId } : {}) });
  }
}

function checkRange(from: string, to: string): void {
  const problem = rangeProblem(from, to);
  if (problem) throw new AdminRuleError(problem);
}

function choice<const T extends readonly string[]>(value: string, allowed: T, rule: 'group-by' | 'aggregate-by'): T[number] {
  if (!(allowed as readonly string[]).includes(value)) throw new AdminRuleError({ rule, value, allowed });
  return value;
}

function checkLabel(label: string): void {
  if (label.length > MAX_LABEL_LENGTH) throw new AdminRuleError({ rule: 'label-invalid', length: label.length, maxLength: MAX_LABEL_LENGTH });
}

/** A limit is a whole, non-negative amount (0 = the key may use none); null removes it. */
function checkLimit(field: 'characters' | 'speechToTextMilliseconds', value: number | null | undefined): void {
  if (value === undefined || value === null) return;
  if (!Number.isSafeInteger(value) || value < 0) throw new AdminRuleError({ rule: 'limit-invalid', field, value });
}

function definedOnly(change: Partial<KeyLimits>): Partial<KeyLimits> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
