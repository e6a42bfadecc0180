import type { TokenCheck } from '../intake/token-check';
import type { Language } from '../../../shared/contract/settings';
import type http from 'node:http';
import type https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { isSameOriginForm, isTrustedHost } from '../app-api/request-guard';
import type { PrintService } from '../print-service';
import { AddressThrottle } from './address-throttle';
import { DashboardAuth } from './dashboard-auth';
import type { DashboardSessions } from './dashboard-sessions';
import { renderDashboard, renderLoginPage } from './dashboard-page';
import { healthOf, withTokenHealth, journalHealthOf } from '../health/health';
import type { OriginGate } from '../site-consent/origin-approval';
import { parseRequestUrl, readBody, sendHtml, sendJson } from './http-util';
import { returnPathOf } from './return-path';
import { ResultRouter } from '../intake/result-router';
import { plainListener, startSecureListener, type ListenerFactory, type SecureListener } from './tls-listener';
import type { TlsConfig } from '../service-config';
import type { TlsHealth } from '../../../shared/protocol';
import { attachGateway } from './ws-gateway';
import type { HttpRoute, RouteContext } from '../http/http-route';

export interface PrintServerOptions {
  host: string;
  port: number;
  env: 'production' | 'development';
  token: TokenCheck | undefined;
  /** A saved token could not be read back: `/health` says `token.status: "lost"`. */
  tokenLost?: boolean;
  ratePerMinute: number;
  /** Which browser pages may open the WebSocket, asked at every upgrade (answers apply without a restart). */
  origins: OriginGate;
  maxFrameBytes: number;
  /** Also serve the same routes over `https://`/`wss://` on a second port (see startSecureListener). */
  tls?: TlsConfig;
  /** Where notable events go (the CLI prints them). */
  log?: (line: string) => void;
  /** Further HTTP routes (the window's API); a handler returns true when it answered the request. */
  extraRoutes?: HttpRoute[];
  extraUpgrades?: UpgradeRoute[];
  /** Signed-in browsers, when they must outlive this server (the app host restarts it for settings changes). */
  sessions?: DashboardSessions;
  /** The window's language, for the pages the server writes itself (the sign-in page); Spanish when not given. */
  language?: () => Language;
}

/** Takes over a WebSocket upgrade on another path than `/ws`; returns false when the path is not its own. */
export type UpgradeRoute = (request: IncomingMessage, socket: Duplex, head: Buffer, url: URL, context: RouteContext) => boolean;

const HEARTBEAT_MS = 30_000;
const CLOSE_GRACE_MS = 500;
const LOGIN_BODY_LIMIT = 4 * 1024;

/** The service's network face: `/ws` (protocol v1.0), `GET /health` and the dashboard at `/`. */
export class PrintServer {
  readonly auth: DashboardAuth;
  /** Wrong tokens per address, for the dashboard login and the WebSocket's `auth_token` alike. */
  readonly throttle = new AddressThrottle();
  private readonly listeners: Array<http.Server | https.Server> = [];
  private secure: SecureListener | undefined;
  private readonly wss: WebSocketServer;
  private readonly results: ResultRouter;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Every connection accepted, so closing can end the ones a WebSocket upgrade took over. */
  private readonly sockets = new Set<Socket>();
  private oversized = 0;

  constructor(
    private readonly service: PrintService,
    private readonly options: PrintServerOptions,
  ) {
    this.auth = new DashboardAuth(options.token, this.throttle, options.sessions);
    this.results = new ResultRouter(service.queue);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
    this.wss.on('connection', (socket: WebSocket, request: IncomingMessage) => this.connect(socket, request));
  }

  /** Connections closed with 1009 because a frame was over `maxFrameBytes` (shown on the dashboard). */
  get oversizedFrames(): number {
    return this.oversized;
  }

  get connectionCount(): number {
    return this.wss.clients.size;
  }

  /**
   * Binds the plain listener and, with a certificate configured, the secure one; a TLS problem is reported by
   * `tlsHealth`, never thrown, so plain `ws://` still serves. Returns the plain listener's address.
   */
  async listen(): Promise<AddressInfo> {
    const first = await this.bindAll(plainListener, this.options.port);
    if (this.options.tls) this.secure = await startSecureListener(this.options.tls, (create, port) => this.bindAll(create, port), this.options.log);
    this.heartbeat = setInterval(() => this.checkAlive(), HEARTBEAT_MS);
    this.heartbeat.unref();
    return first;
  }

  /** The secure listener's state; undefined when no certificate is configured. */
  get tlsHealth(): TlsHealth | undefined {
    return this.secure?.health();
  }

  /**
   * Binds the configured host. `localhost` means both loopback addresses: depending on the OS, POS apps reach
   * it as 127.0.0.1 or ::1, and Node alone would bind only the first one the resolver lists.
   */
  private async bindAll(create: ListenerFactory, port: number): Promise<AddressInfo> {
    const loopback = this.options.host === 'localhost';
    const first = await this.bind(loopback ? '127.0.0.1' : this.options.host, port, create);
    if (loopback) await this.bind('::1', first.port, create).catch(() => undefined);
    return first;
  }

  private bind(host: string, port: number, create: ListenerFactory): Promise<AddressInfo> {
    const listener = create((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { status: 'error', mensaje: `ERROR: ${(error as Error).message}` });
        else response.destroy();
      });
    });
    listener.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head));
    listener.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, host, () => {
        listener.off('error', reject);
        // Once listening, an error (accept failing with EMFILE, say) is logged: it must never end the process.
        listener.on('error', (error: NodeJS.ErrnoException) => this.options.log?.(`HTTP server error: ${error.code ?? error.message}`));
        this.listeners.push(listener);
        resolve(listener.address() as AddressInfo);
      });
    });
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const client of this.wss.clients) client.close(1001, 'Servicio detenido / Service stopping');
    this.wss.close();
    // Upgraded sockets (POS clients, the window's event stream) keep a listener open until they end: give them a
    // moment to take the close frame, then drop them, so a restart never waits on a browser tab.
    const grace = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, CLOSE_GRACE_MS);
    await Promise.all(
      this.listeners.map(
        (listener) =>
          new Promise<void>((resolve) => {
            listener.close(() => resolve());
            listener.closeAllConnections();
          }),
      ),
    );
    clearTimeout(grace);
  }

  private connect(socket: WebSocket, request: IncomingMessage): void {
    const alive = socket as WebSocket & { isAlive?: boolean };
    alive.isAlive = true;
    socket.on('pong', () => {
      alive.isAlive = true;
    });
    // ws has already closed the connection with 1009 (Message Too Big) without reading the frame into memory.
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return;
      this.oversized += 1;
      this.options.log?.(`Closed a connection with 1009: frame over ${this.options.maxFrameBytes} bytes / trama demasiado grande`);
    });
    attachGateway(socket, this.service, this.results, {
      token: this.options.token,
      ratePerMinute: this.options.ratePerMinute,
      throttle: this.throttle,
      remoteAddress: request.socket.remoteAddress ?? 'unknown',
      origin: request.headers.origin,
    });
  }

  /** Drops connections whose peer vanished without closing (a POS PC switched off). */
  private checkAlive(): void {
    for (const client of this.wss.clients) {
      const alive = client as WebSocket & { isAlive?: boolean };
      if (alive.isAlive === false) {
        client.terminate();
        continue;
      }
      alive.isAlive = false;
      client.ping();
    }
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Node drops its own error listener on an upgraded socket: a peer that resets before the answer must not crash
    // the service (ws adds its own listener once it takes the socket over).
    socket.on('error', () => undefined);
    const url = parseRequestUrl(request.url);
    if (!url) return refuse(socket, 400, 'Bad Request');
    if (url.pathname !== '/ws') {
      const context = this.contextFor(request);
      if (this.options.extraUpgrades?.some((extra) => extra(request, socket, head, url, context))) return;
      return refuse(socket, 404, 'Not Found');
    }
    const origin = request.headers.origin;
    // Browsers always send Origin on a WebSocket; native POS clients usually do not, and cannot be stopped by it anyway.
    if (origin !== undefined && !this.options.origins.admits(origin, request)) return refuse(socket, 403, 'Forbidden');
    this.wss.handleUpgrade(request, socket, head, (client) => this.wss.emit('connection', client, request));
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = parseRequestUrl(request.url);
    if (!url) return sendJson(response, 400, { status: 'error', mensaje: 'ERROR: malformed URL' });
    const method = request.method ?? 'GET';
    if (url.pathname === '/health' && (method === 'GET' || method === 'HEAD')) {
      return sendJson(response, 200, withTokenHealth(healthOf(this.service, this.options.env, this.tlsHealth), this.auth.required, this.options.tokenLost === true), { 'Access-Control-Allow-Origin': '*' });
    }
    // Whether this browser is still signed in, answered 200 either way (same origin only): the window asks when its
    // event stream is refused, to say "sign in again" rather than "no connection", without a 401 in the console.
    if (url.pathname === '/session' && method === 'GET') return sendJson(response, 200, { signedIn: this.auth.isSignedIn(request) });
    if (url.pathname === '/login' && method === 'POST') return this.login(request, response);
    if (url.pathname === '/logout' && method === 'POST') {
      response.writeHead(303, { Location: '/', 'Set-Cookie': this.auth.logout(request) });
      return void response.end();
    }
    const context = this.contextFor(request);
    for (const extra of this.options.extraRoutes ?? []) {
      if (await extra(request, response, url, context)) return;
    }
    if (url.pathname === '/' && method === 'GET') return this.dashboard(request, response, returnPathOf(url.searchParams.get('next')));
    sendJson(response, 404, { status: 'error', mensaje: 'ERROR: not found' });
  }

  private contextFor(request: IncomingMessage): RouteContext {
    return { isSignedIn: () => this.auth.isSignedIn(request), tokenRequired: this.auth.required, renewSessions: () => this.auth.sessions.renew() };
  }

  private async dashboard(request: IncomingMessage, response: ServerResponse, returnTo: string | undefined): Promise<void> {
    if (!this.auth.isSignedIn(request)) return sendHtml(response, 401, renderLoginPage(this.language(), undefined, returnTo));
    const { printers, summary } = await this.service.printers();
    sendHtml(
      response,
      200,
      renderDashboard({
        queue: this.service.snapshot(),
        printers,
        summary,
        jobs: this.service.recentJobs(20),
        origins: this.options.origins.view(),
        tokenRequired: this.auth.required,
        tokenLost: this.options.tokenLost === true,
        language: this.language(),
        undeliveredResults: this.results.undeliveredCount,
        oversizedFrames: this.oversized,
        uptimeSeconds: this.service.uptimeSeconds(),
        journal: journalHealthOf(this.service),
      }),
    );
  }

  private async login(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A form on another site (or a page re-pointed here by DNS) could otherwise post wrong tokens in the cashier's
    // browser and lock the cashier out: refused before anything is counted.
    if (!isTrustedHost(request) || !isSameOriginForm(request)) {
      return sendHtml(response, 403, renderLoginPage(this.language(), { reason: 'cross-origin' }));
    }
    const form = new URLSearchParams(await readBody(request, LOGIN_BODY_LIMIT));
    const token = form.get('token') ?? '';
    // Back to the window's page the owner signed in from (the "Sign in again" button names it), never elsewhere.
    const returnTo = returnPathOf(form.get('next'));
    const outcome = this.auth.login(token, request.socket.remoteAddress ?? 'unknown');
    if (outcome.ok) {
      response.writeHead(303, { Location: returnTo ?? '/', 'Set-Cookie': outcome.cookie });
      return void response.end();
    }
    if (outcome.reason === 'throttled') {
      return sendHtml(
        response,
        429,
        renderLoginPage(this.language(), outcome, returnTo),
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    }
    sendHtml(response, 401, renderLoginPage(this.language(), outcome, returnTo));
  }

  private language(): Language {
    return this.options.language?.() ?? 'es';
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed || !socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
