export interface Reply {
  status: number;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
}

/** The spec's error body: a JSON object with `message`. */
export const errorReply = (status: number, message: string): Reply => ({ status, json: { message } });
