import { methodsFrom, type TicketeraApi } from '../../../shared/contract/api';
import { HTTP_EVENTS_PATH, httpPathOf } from '../../../shared/contract/channels';
import { isAppEvent, type AppEventListener } from '../../../shared/contract/events';

const RECONNECT_MAX_MS = 10_000;

/** The contract over the print service's HTTP API and `/api/events`, for the window opened in a browser. */
export function createHttpApi(origin: string = window.location.origin): TicketeraApi {
  const listeners = new Set<AppEventListener>();
  let socket: WebSocket | undefined;
  let retryMs = 500;

  const connect = (): void => {
    socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${HTTP_EVENTS_PATH}`);
    socket.onopen = () => {
      retryMs = 500;
    };
    socket.onmessage = (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (isAppEvent(payload)) for (const listener of listeners) listener(payload);
    };
    socket.onclose = () => {
      socket = undefined;
      // The service restarts when its settings change: keep trying, a little slower each time.
      if (listeners.size > 0) setTimeout(connect, (retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2)));
    };
  };

  return {
    ...methodsFrom(async (method, input) => {
      const response = await fetch(`${origin}${httpPathOf(method)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
      });
      return response.json();
    }),
    subscribe(listener) {
      listeners.add(listener);
      if (!socket) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) socket?.close();
      };
    },
  };
}
