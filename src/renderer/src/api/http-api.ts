import { methodsFrom, type TicketeraApi } from '../../../shared/contract/api';
import { HTTP_EVENTS_PATH, httpPathOf } from '../../../shared/contract/channels';
import { isAppEvent, type AppEventListener } from '../../../shared/contract/events';

/**
 * Whether the window can reach the print service: `connected` while the event stream is open, `reconnecting` at once
 * when it drops (a settings restart takes well under a second), `offline` when it has stayed down for a while,
 * `signed-out` when it answers but asks for the token again (session expired, token changed): not "no connection".
 */
export type ConnectionState = 'connected' | 'reconnecting' | 'offline' | 'signed-out';
export type ConnectionListener = (state: ConnectionState, previous: ConnectionState) => void;

/** The connection as the window observes it; the same shape for both transports. */
export interface Connection {
  current(): ConnectionState;
  /** Told of every change; a change to `connected` from anything else is a reconnection (re-read what was missed). */
  watch(listener: ConnectionListener): () => void;
  /** Tries again now instead of waiting for the next attempt. */
  retryNow(): void;
}

/** Inside Electron the service lives in the same app: the window is always connected to it. */
export const ALWAYS_CONNECTED: Connection = {
  current: () => 'connected',
  watch: () => () => undefined,
  retryNow: () => undefined,
};

/** Waits between attempts to open the stream again: quick at first (a restart), then every two seconds. */
const RETRY_MS = [500, 1000, 1000, 2000] as const;
/** Down longer than this is `offline`, not a restart in progress. */
export const OFFLINE_AFTER_MS = 3000;

export interface HttpApi extends TicketeraApi {
  connection: Connection;
}

/** The contract over the print service's HTTP API and `/api/events`, for the window opened in a browser. */
export function createHttpApi(origin: string = window.location.origin): HttpApi {
  const listeners = new Set<AppEventListener>();
  const watchers = new Set<ConnectionListener>();
  let socket: WebSocket | undefined;
  let state: ConnectionState = 'connected';
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let offlineTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    const previous = state;
    state = next;
    for (const watcher of watchers) watcher(next, previous);
  };

  const stopTimers = (): void => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    clearTimeout(offlineTimer);
    offlineTimer = undefined;
  };

  const connect = (): void => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = new WebSocket(`${origin.replace(/^http/, 'ws')}${HTTP_EVENTS_PATH}`);
    socket = current;
    let opened = false;
    current.onopen = () => {
      opened = true;
      attempts = 0;
      clearTimeout(offlineTimer);
      offlineTimer = undefined;
      setState('connected');
    };
    current.onmessage = (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (isAppEvent(payload)) for (const listener of listeners) listener(payload);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      if (listeners.size === 0 || state === 'signed-out') return;
      // Refused before it opened: the service may be up and asking for the token (a WebSocket does not tell why).
      if (!opened) void probeSignedOut();
      // The service stopped or restarts (settings change): say so at once, and keep trying by itself.
      if (state === 'connected') {
        setState('reconnecting');
        offlineTimer = setTimeout(() => {
          offlineTimer = undefined;
          if (!socket || socket.readyState !== WebSocket.OPEN) setState('offline');
        }, OFFLINE_AFTER_MS);
      }
      retryTimer = setTimeout(connect, RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)]);
      attempts += 1;
    };
  };

  /** Asks the service (print-server's `/session`) whether this browser is still signed in. */
  const probeSignedOut = async (): Promise<void> => {
    try {
      const answer = await fetch(`${origin}/session`, { credentials: 'same-origin', cache: 'no-store' });
      const body: unknown = answer.ok ? await answer.json() : undefined;
      if (typeof body === 'object' && body !== null && (body as { signedIn?: unknown }).signedIn === false) signedOut();
    } catch {
      // Not answering at all: the reconnecting/offline story already tells it.
    }
  };

  /** Nothing works until the owner signs in again (the banner's button): stop knocking. */
  const signedOut = (): void => {
    stopTimers();
    setState('signed-out');
  };

  const disconnect = (): void => {
    const current = socket;
    socket = undefined;
    stopTimers();
    if (!current) return;
    // Closed on purpose: not a lost connection.
    current.onclose = null;
    current.onmessage = null;
    current.close();
  };

  const connection: Connection = {
    current: () => state,
    watch(listener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },
    retryNow() {
      if (state === 'signed-out') return;
      if (listeners.size === 0 || (socket && socket.readyState !== WebSocket.CLOSED)) return;
      connect();
    },
  };

  return {
    ...methodsFrom(async (method, input) => {
      const response = await fetch(`${origin}${httpPathOf(method)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
      });
      if (response.status === 401) signedOut();
      return response.json();
    }),
    subscribe(listener) {
      listeners.add(listener);
      if (!socket && retryTimer === undefined) connect();
      return () => {
        listeners.delete(listener);
        // React (StrictMode, page changes) unsubscribes and subscribes again in one go: close only if nobody came back.
        if (listeners.size === 0)
          setTimeout(() => {
            if (listeners.size === 0) disconnect();
          }, 0);
      };
    },
    connection,
  };
}
