/** Errors crossing the context bridge arrive as plain Errors; HTTP ones as ApiError: both carry the message. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
