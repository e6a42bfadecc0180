import type { TicketeraApi } from '../../../shared/contract/api';
import { ALWAYS_CONNECTED, createHttpApi, type Connection } from './http-api';

export type { Connection, ConnectionState } from './http-api';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the window is opened in a browser. */
    api?: TicketeraApi;
  }
}

function chooseTransport(): { api: TicketeraApi; connection: Connection } {
  if (window.api) return { api: window.api, connection: ALWAYS_CONNECTED };
  const http = createHttpApi();
  return { api: http, connection: http.connection };
}
const transport = chooseTransport();

/** The one API object of the window: IPC inside Electron, HTTP in a browser. Nothing else knows which. */
export const api: TicketeraApi = transport.api;

/**
 * Whether the service can be reached. Over IPC the service lives in the same app, so it is always `connected`; over
 * HTTP it follows the event stream (see `createHttpApi`).
 */
export const connection: Connection = transport.connection;
