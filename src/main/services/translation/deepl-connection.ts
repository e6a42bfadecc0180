import type { IncomingMessage } from 'node:http';
import type { DeepLClient, DocumentHandle } from 'deepl-node';
import { errorFromAnswer, errorFromFailure, redactSecrets } from '../http/error-meaning';
import { observeExchange, type Observed } from '../http/library-exchange';
import { DOCUMENT_STATUS_POLICY, DOCUMENT_TRANSFER_POLICY, INTERACTIVE_POLICY, type RetryPolicy } from '../http/retry-policy';
import { runWithRetries } from '../http/run-with-retries';
import { ServiceError, type ServiceErrorKind } from '../http/service-error';
import { boundTransport, libraryErrorText, type SendBytes } from './bounded-transport';
import { deeplLibrary } from './deepl-library';
import { isLocalFileError, receiveDocument } from './document-download';

export const TRANSLATION_SERVICE = 'translation';

/**
 * deepl-node's DeepLClient plus two requests it cannot make as the spec describes: `/v2/translate` with a JSON body
 * (`style_id`, `custom_instructions` and `tag_handling_version` are JSON-only; the library always sends a form), and
 * the document status with the error text under `message` as well as `error_message` (the library drops `message`).
 * Both go through the library's own HTTP client, its documented extension point for subclasses, as does a download
 * that counts the document's bytes as they arrive. Every answer read through that client is bounded (bounded-transport).
 * Defined when first needed, as its base class comes from deepl-node, loaded on first use (deepl-library.ts).
 */
function defineClient() {
  return class TicketeraDeepLClient extends deeplLibrary().DeepLClient {
    private readonly sendBytes: SendBytes;

    constructor(...args: ConstructorParameters<typeof DeepLClient>) {
      super(...args);
      this.sendBytes = boundTransport(this.httpClient, TRANSLATION_SERVICE);
    }

    /** The answer's bytes, for service-answers to read (off the main thread when large). */
    async translateJson(body: Record<string, unknown>): Promise<Uint8Array> {
      const { statusCode, content } = await this.sendBytes('POST', '/v2/translate', { jsonBody: body });
      await deeplLibrary().checkStatusCode(statusCode, libraryErrorText(content));
      return content;
    }

    /** The answer's bytes, for service-answers to read (off the main thread when large). */
    async documentStatusJson(handle: DocumentHandle): Promise<Uint8Array> {
      const data = new URLSearchParams({ document_key: handle.documentKey });
      const path = `/v2/document/${encodeURIComponent(handle.documentId)}`;
      const { statusCode, content } = await this.sendBytes('POST', path, { data });
      await deeplLibrary().checkStatusCode(statusCode, libraryErrorText(content), false, true);
      return content;
    }

    /**
     * The translated document into `file` (created, never replaced), at most `maxBytes`: deepl-node's own download pipes
     * without a limit and never settles when the answer breaks mid-way, so the answer is read here instead.
     */
    async downloadDocumentTo(handle: DocumentHandle, file: string, maxBytes: number): Promise<void> {
      const data = new URLSearchParams({ document_key: handle.documentKey });
      const path = `/v2/document/${encodeURIComponent(handle.documentId)}/result`;
      const { statusCode, content } = await this.httpClient.sendRequestWithBackoff<IncomingMessage>('POST', path, { data }, true);
      await receiveDocument(statusCode, content, file, maxBytes, TRANSLATION_SERVICE);
    }
  };
}

let clientClass: ReturnType<typeof defineClient> | undefined;
const TicketeraDeepLClient = (): ReturnType<typeof defineClient> => (clientClass ??= defineClient());

export type TranslationClient = InstanceType<ReturnType<typeof defineClient>>;

export interface TranslationPolicies {
  /** Text, languages, glossary look-ups: someone is waiting at the counter. */
  interactive: RetryPolicy;
  /** Document upload and download. */
  documentTransfer: RetryPolicy;
  /** One document status check. */
  documentStatus: RetryPolicy;
}

export const DEFAULT_TRANSLATION_POLICIES: TranslationPolicies = {
  interactive: INTERACTIVE_POLICY,
  documentTransfer: DOCUMENT_TRANSFER_POLICY,
  documentStatus: DOCUMENT_STATUS_POLICY,
};

export interface ConnectionSettings {
  apiKey: string;
  /** The configured base address; absent: deepl-node picks the paid or (for `:fx` keys) the free address. */
  serverUrl?: string | undefined;
  policies?: Partial<TranslationPolicies>;
  log?: (line: string) => void;
}

export interface Answered<T> {
  value: T;
  /** `X-Trace-ID` of the answer. */
  traceId?: string;
}

/**
 * The translation service through deepl-node, under the shared HTTP policy: deepl-node makes exactly one attempt
 * (maxRetries 0, its own timeout only as a backstop behind ours) so retries, time limits and error meanings are
 * decided once, in services/http, and never multiplied by a second retry loop.
 */
export class TranslationConnection {
  private readonly client: TranslationClient;
  private readonly policies: TranslationPolicies;
  private readonly secrets: string[];
  private readonly log: (line: string) => void;

  constructor(settings: ConnectionSettings) {
    this.policies = { ...DEFAULT_TRANSLATION_POLICIES, ...settings.policies };
    this.secrets = [settings.apiKey];
    this.log = settings.log ?? (() => undefined);
    const longestAttempt = Math.max(...Object.values(this.policies).map((policy) => policy.attemptTimeoutMs));
    this.client = new (TicketeraDeepLClient())(settings.apiKey, {
      ...(settings.serverUrl ? { serverUrl: settings.serverUrl } : {}),
      maxRetries: 0,
      minTimeout: longestAttempt + 5_000,
      sendPlatformInfo: false,
    });
  }

  /** `call` gets the attempt's signal too, for work on the answer that the attempt's time limit must also bound. */
  async run<T>(policy: keyof TranslationPolicies, signal: AbortSignal | undefined, call: (client: TranslationClient, signal: AbortSignal) => Promise<T>): Promise<Answered<T>> {
    return runWithRetries(
      async (attempt) => {
        const observed = await observeExchange(attempt.signal, () => call(this.client, attempt.signal));
        if (!observed.failed) return { value: observed.value as T, ...(observed.answer?.traceId ? { traceId: observed.answer.traceId } : {}) };
        if (attempt.signal.aborted) throw observed.failure;
        // Writing the downloaded file here failed (a full disk, a folder without permission): not the service's doing.
        if (isLocalFileError(observed.failure)) throw observed.failure;
        throw this.serviceErrorOf(observed);
      },
      {
        service: TRANSLATION_SERVICE,
        policy: this.policies[policy],
        signal,
        onRetry: (error, waitMs) => this.log(`translation: ${error.message}; retrying in ${waitMs} ms`),
      },
    );
  }

  private serviceErrorOf(observed: Observed<unknown>): ServiceError {
    const { answer, failure } = observed;
    if (answer && answer.status >= 400) {
      return errorFromAnswer({
        service: TRANSLATION_SERVICE,
        status: answer.status,
        traceId: answer.traceId,
        retryAfter: answer.retryAfter,
        body: answer.errorBody,
        secrets: this.secrets,
      });
    }
    if (failure instanceof deeplLibrary().ConnectionError) return errorFromFailure(TRANSLATION_SERVICE, failure.error ?? failure);
    // Ours (an answer too large): with the answer's trace id, which only the exchange saw.
    if (failure instanceof ServiceError) return failure.traceId || !answer?.traceId ? failure : new ServiceError({ ...failure.data(), traceId: answer.traceId });
    const cause = failure instanceof Error ? redactSecrets(failure.message, this.secrets).slice(0, 300) : undefined;
    // An answer that came back fine but could not be read, or the library refusing the call itself.
    const kind: ServiceErrorKind = answer ? 'bad-response' : (libraryErrorKind(failure) ?? 'bad-request');
    return new ServiceError({
      kind,
      service: TRANSLATION_SERVICE,
      retryable: kind === 'too-many-requests' || kind === 'server',
      attempts: 1,
      ...(answer?.traceId ? { traceId: answer.traceId } : {}),
      ...(cause ? { cause } : {}),
    });
  }
}

/** deepl-node's error classes, for the rare failure whose answer was not seen. */
function libraryErrorKind(failure: unknown): ServiceErrorKind | undefined {
  const { AuthorizationError, QuotaExceededError, TooManyRequestsError, DocumentNotReadyError, GlossaryNotFoundError } = deeplLibrary();
  if (failure instanceof AuthorizationError) return 'key-rejected';
  if (failure instanceof QuotaExceededError) return 'quota-exceeded';
  if (failure instanceof TooManyRequestsError) return 'too-many-requests';
  if (failure instanceof DocumentNotReadyError) return 'server';
  if (failure instanceof GlossaryNotFoundError) return 'not-found';
  return undefined;
}
