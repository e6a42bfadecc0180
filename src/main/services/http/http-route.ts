import type { IncomingMessage, ServerResponse } from 'node:http';

/** What an extra route may ask of the server: whether the request comes from a signed-in dashboard session. */
export interface RouteContext {
  isSignedIn(): boolean;
  /** Whether a token protects the service (the dashboard then asks for it). */
  tokenRequired: boolean;
  /** The token was just changed by this request: ends every session, answers this browser's new `Set-Cookie`. */
  renewSessions(): string;
}

/** A route the server offers besides its own (the window's API, the vendor-protocol doors); true when it answered. */
export type HttpRoute = (request: IncomingMessage, response: ServerResponse, url: URL, context: RouteContext) => boolean | Promise<boolean>;
