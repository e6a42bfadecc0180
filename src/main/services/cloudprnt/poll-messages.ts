import { parseBoundedJson } from '../http/bounded-json';

/**
 * The poll exchange of Star's CloudPRNT protocol (CloudPRNT Developer Guide, "3. Polling the server (POST)", and the
 * later additions `jobToken`, `jobGetUrl`, `jobConfirmationUrl` the sample servers use): the device POSTs its status,
 * the server answers whether a job is ready, in which media types, and any `clientAction` requests.
 */
export interface PollRequest {
  status: string;
  printerMAC: string;
  /** URL-encoded, as devices send it ("200%20OK"): the same text may travel as a URL parameter. */
  statusCode: string;
  printingInProgress: boolean;
  clientAction: ClientActionResult[] | null;
  uniqueID?: string;
}

export interface ClientActionResult {
  request: string;
  result: unknown;
}

export interface ClientActionRequest {
  request: string;
  options: string;
}

export interface PollAnswer {
  jobReady: boolean;
  mediaTypes: string[];
  jobToken: string | undefined;
  deleteMethod: 'DELETE' | 'GET';
  jobGetUrl: string | undefined;
  jobConfirmationUrl: string | undefined;
  clientAction: ClientActionRequest[];
  /** Seconds; not in the guide, but some servers say how often they want polls. Bounded by the caller. */
  pollInterval: number | undefined;
}

/** A poll answer is a few hundred bytes; anything near these is not a CloudPRNT server. */
export const POLL_ANSWER_LIMITS = { maxBytes: 64 * 1024, maxContainers: 256, maxMediaTypes: 32, maxActions: 16, maxTextLength: 2048 } as const;

export type ReadPoll = { kind: 'answer'; answer: PollAnswer } | { kind: 'unreadable'; detail: string };

/** The server's answer, read defensively: unknown fields ignored, wrong types refused, lists and texts capped. */
export function readPollAnswer(text: string): ReadPoll {
  const parsed = parseBoundedJson(text, POLL_ANSWER_LIMITS.maxContainers);
  if (parsed.kind === 'unreadable') return { kind: 'unreadable', detail: `the poll answer ${parsed.detail}` };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'unreadable', detail: 'the poll answer is not a JSON object' };
  const fields = value as Record<string, unknown>;
  const jobReady = fields.jobReady === true || fields.jobReady === 'true';
  const mediaTypes = texts(fields.mediaTypes).slice(0, POLL_ANSWER_LIMITS.maxMediaTypes);
  const actions = Array.isArray(fields.clientAction) ? (fields.clientAction as unknown[]).slice(0, POLL_ANSWER_LIMITS.maxActions) : [];
  const clientAction = actions.flatMap((action): ClientActionRequest[] => {
    if (typeof action !== 'object' || action === null) return [];
    const { request, options } = action as Record<string, unknown>;
    return typeof request === 'string' ? [{ request: capped(request), options: typeof options === 'string' ? capped(options) : '' }] : [];
  });
  const interval = Number(fields.pollInterval);
  return {
    kind: 'answer',
    answer: {
      jobReady,
      mediaTypes,
      // Never cut: a token sent back shortened names no job. The runner refuses one too long to send (job-token).
      jobToken: optionalText(fields.jobToken, Number.POSITIVE_INFINITY),
      deleteMethod: fields.deleteMethod === 'GET' ? 'GET' : 'DELETE',
      jobGetUrl: optionalText(fields.jobGetUrl),
      jobConfirmationUrl: optionalText(fields.jobConfirmationUrl),
      clientAction,
      pollInterval: Number.isFinite(interval) && interval > 0 ? interval : undefined,
    },
  };
}

const capped = (text: string): string => text.slice(0, POLL_ANSWER_LIMITS.maxTextLength);
const optionalText = (value: unknown, maxLength: number = POLL_ANSWER_LIMITS.maxTextLength): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, maxLength) : typeof value === 'number' ? String(value) : undefined;
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').map(capped) : []);
