/**
 * The WebSocket this client drives: the browser's, Node 22+'s global one, or a constructor passed in (the `ws`
 * package on Node 20). Handlers take `never` so both the DOM's and `ws`'s event types fit; the client reads only
 * `data` from messages and `code`/`reason` from closes, which both have.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface CloseEventLike {
  code?: number;
  reason?: string;
}

export interface MessageEventLike {
  data: unknown;
}

/** WebSocket.OPEN, the same number everywhere. */
export const OPEN = 1;

/** Frames come as strings in browsers and from `ws`'s `onmessage`; anything else is decoded as UTF-8 text. */
export function frameText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return String(data);
}
