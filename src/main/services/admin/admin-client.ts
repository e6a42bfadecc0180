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
import { ADMIN_POLICY, type RetryPolicy } from '../http/retry-policy';
import { sendRequest, type HttpAnswer, type HttpRequest } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import { customTagPageOf, keyListOf, keyOf, usageReportOf } from './admin-answers';
import { AnswerShapeError } from './answer-reader';
import { AdminRuleError } from './admin-rule-error';

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
    const answer = await this.send({ method: 'GET', path: '/v2/admin/developer-keys' }, signal);
    return this.read(answer, keyListOf);
  }

  async createKey(label: string | undefined, signal?: AbortSignal): Promise<AdminKey> {
    if (label !== undefined) checkLabel(label);
    // Not idempotent: if the answer is lost the key may exist already, so one attempt only.
    const answer = await this.send({ method: 'POST', path: '/v2/admin/developer-keys', json: label === undefined ? {} : { label } }, signal, {
      ...this.policy,
      maxAttempts: 1,
    });
    return this.read(answer, (value) => keyOf(value, 'developer key'));
  }

  async renameKey(keyId: string, label: string, signal?: AbortSignal): Promise<AdminKey> {
    checkLabel(label);
    const answer = await this.send({ method: 'PUT', path: '/v2/admin/developer-keys/label', json: { key_id: keyId, label } }, signal);
    return this.read(answer, (value) => keyOf(value, 'developer key'));
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
    const answer = await this.send({ method: 'PUT', path: '/v2/admin/developer-keys/limits', json: body }, signal);
    return this.read(answer, (value) => keyOf(value, 'developer key'));
  }

  async deactivateKey(keyId: string, signal?: AbortSignal): Promise<AdminKey> {
    const answer = await this.send({ method: 'PUT', path: '/v2/admin/developer-keys/deactivate', json: { key_id: keyId } }, signal);
    return this.read(answer, (value) => keyOf(value, 'developer key'));
  }

  async usage(query: UsageQuery, signal?: AbortSignal): Promise<UsageReport> {
    checkRange(query.from, query.to);
    const groupBy = query.groupBy === undefined || query.groupBy === '' ? null : choice(query.groupBy, USAGE_GROUPINGS, 'group-by');
    const params = new URLSearchParams({ start_date: query.from, end_date: query.to, ...(groupBy ? { group_by: groupBy } : {}) });
    const answer = await this.send({ method: 'GET', path: `/v2/admin/analytics?${params}` }, signal);
    return this.read(answer, (value) => usageReportOf(value, groupBy));
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
      const answer = await this.send({ method: 'GET', path: `/v2/admin/analytics/custom-tags?${params}` }, signal);
      const current = this.read(answer, (value) => customTagPageOf(value, aggregateBy));
      pages += 1;
      if (pages === 1) range = { from: current.from, to: current.to };
      rows.push(...current.rows);
      onPage?.(pages);
      if (rows.length > MAX_TAG_ROWS) throw this.badResponse(`the custom-tag report has more than ${MAX_TAG_ROWS} rows`, answer.traceId);
      if (current.nextPage === null) break;
      if (asked.has(current.nextPage)) throw this.badResponse(`next_page ${current.nextPage} was already read: the pages go round in a circle`, answer.traceId);
      asked.add(current.nextPage);
      page = current.nextPage;
    }
    return { ...range, aggregateBy, pages, rows };
  }

  private async send(request: { method: HttpRequest['method']; path: string; json?: unknown }, signal: AbortSignal | undefined, policy = this.policy): Promise<HttpAnswer> {
    const apiKey = this.options.apiKey;
    if (!apiKey) throw new ServiceError({ kind: 'key-missing', service: ADMIN_SERVICE, retryable: false, attempts: 0 });
    return sendRequest(
      {
        url: `${this.base}${request.path}`,
        ...(request.method ? { method: request.method } : {}),
        headers: {
          Authorization: `DeepL-Auth-Key ${apiKey}`,
          Accept: 'application/json',
          ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
      },
      // Bounded while it streams: a server sending gigabytes fails as `answer-too-large` instead of filling the memory.
      { service: ADMIN_SERVICE, policy, signal, secrets: [apiKey], maxBodyBytes: ADMIN_ANSWER_LIMIT },
    );
  }

  /** Parses and checks an answer; anything unreadable is `bad-response` with the field at fault and the trace id. */
  private read<T>(answer: HttpAnswer, parse: (value: unknown) => T): T {
    let value: unknown;
    try {
      value = JSON.parse(answer.body);
    } catch {
      throw this.badResponse('the answer is not JSON', answer.traceId);
    }
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof AnswerShapeError) throw this.badResponse(error.message, answer.traceId);
      throw error;
    }
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
