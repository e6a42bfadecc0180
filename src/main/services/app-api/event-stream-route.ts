import { WebSocketServer } from 'ws';
import { HTTP_EVENTS_PATH } from '../../../shared/contract/channels';
import type { UpgradeRoute } from '../server/print-server';
import type { AppEventHub } from './event-hub';
import { isTrustedCaller, windowApiRefusal } from './request-guard';

/** Pushed events that queue up for a browser that stopped reading are dropped past this many bytes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** `/api/events`: the contract's pushed events as JSON text frames, for the window when it runs in a browser. */
export function eventStreamRoute(hub: AppEventHub): { route: UpgradeRoute; close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024, perMessageDeflate: false });
  const route: UpgradeRoute = (request, socket, head, url, context) => {
    if (url.pathname !== HTTP_EVENTS_PATH) return false;
    // Another computer without a token: the same answer as the API's, so whoever opened the window there reads why.
    const localOnly = windowApiRefusal(request, context.tokenRequired);
    if (localOnly !== undefined) {
      const body = Buffer.from(localOnly, 'utf8');
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${localOnly}`);
      return true;
    }
    if (!context.isSignedIn() || !isTrustedCaller(request)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      const unsubscribe = hub.subscribe((event) => {
        if (client.bufferedAmount < MAX_BUFFERED_BYTES) client.send(JSON.stringify(event));
      });
      client.on('close', unsubscribe);
      client.on('error', () => client.terminate());
      // Events only flow server → browser; anything the browser sends is ignored.
    });
    return true;
  };
  return {
    route,
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
