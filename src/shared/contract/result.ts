/** The envelope every call answers with, on both transports; the client unwraps it into a value or a thrown error. */
export type ErrorCode = 'invalid-input' | 'unknown-method' | 'unauthorized' | 'forbidden' | 'failed';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string } };

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function unwrap<T>(result: unknown): T {
  if (typeof result !== 'object' || result === null) throw new ApiError('failed', 'malformed answer');
  const envelope = result as ApiResult<T>;
  if (envelope.ok) return envelope.value;
  throw new ApiError(envelope.error.code, envelope.error.message);
}
