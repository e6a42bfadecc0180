/**
 * @ticketera/client/fleet: print in any shop of a chain through its MQTT 5 broker (Node, with the `mqtt` package).
 * The same print()/printers()/status() as connect(), addressed to a site:
 *
 *   const fleet = connectFleet('mqtts://broker.example.com:8883', { site: 'madrid-01', username, password });
 *   await fleet.print(receipt().text('Pedido 88').cut(), { id: 'order-88', expiresInSeconds: 900 });
 *
 * Exactly once: a ticket keeps its id; after a reconnection every ticket without a result is sent again with the
 * same id, and the shop's journal answers an id it already has instead of printing it twice.
 *
 * Trust between sites: a reply counts only from the site its request went to, with that request's random Correlation
 * Data; anything else is dropped and counted in `droppedReplies` (fleet-trust.mts, docs/remote-printing.md).
 */
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { DEFAULT_ACK_TIMEOUT_MS, DEFAULT_RESULT_TIMEOUT_MS, startTimer, timeoutOption } from './deadlines.mjs';
import { TicketeraError } from './errors.mjs';
import { allRepliesTopic, replyTopic, requestsTopic, SENT_AT_PROPERTY, SITE_PATTERN, siteOfTopic } from './fleet-topics.mjs';
import { FleetTickets, type FleetPrintOptions } from './fleet-tickets.mjs';
import { AnsweredRequests, secretCorrelation } from './fleet-trust.mjs';
import { type PrinterDetail, type PrinterSummary } from './protocol.mjs';
import { isReceiptBuilder, type PrintDocument, type ReceiptBuilder } from './receipt-builder.mjs';
import { readServerMessage } from './server-messages.mjs';
import { SiteStates, type SiteState } from './fleet-sites.mjs';
import type { PrintResult } from './tickets.mjs';

export type FleetState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface FleetOptions {
  /** The site print(), printers() and status() go to unless they name another. */
  site?: string;
  /** Stable per chain server so its persistent session (replies while it was away) is found again; random by default. */
  clientId?: string;
  username?: string;
  password?: string;
  /** PEM: the broker's CA, a client certificate and its key. */
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  /** The shops' `--token`, when they require one. */
  token?: string;
  ackTimeoutMs?: number;
  resultTimeoutMs?: number;
  /** Default expiry of every ticket (MQTT Message Expiry): a ticket not taken by then is never printed. */
  expiresInSeconds?: number;
  /** Wait between reconnection attempts (default 2 s). */
  reconnectMs?: number;
  /** How often a ticket without its result is asked about again (default 10 s, see ASK_AGAIN_MS). */
  askAgainMs?: number;
}

export interface FleetClient {
  readonly state: FleetState;
  /**
   * Replies not believed since connectFleet: from another site than the request went to, with Correlation Data this
   * client never sent (or for a request already settled, from another site), or about another ticket id. Above 0, a
   * site is misbehaving or the broker's ACL lets sites write where they should not.
   */
  readonly droppedReplies: number;
  onState(listener: (state: FleetState, problem?: TicketeraError) => void): () => void;
  print(document: PrintDocument | ReceiptBuilder, options?: FleetPrintOptions): Promise<PrintResult>;
  status(options?: { site?: string }): Promise<{ current: number; capacity: number }>;
  printers(options?: { site?: string }): Promise<{ printers: PrinterDetail[]; summary: PrinterSummary }>;
  /** Every site's last retained state, as the broker has it (`fleet sites`). */
  sites(waitMs?: number): Promise<SiteState[]>;
  /** Live state changes (`fleet watch`); returns a function that unsubscribes. */
  onSiteState(listener: (state: SiteState) => void): () => void;
  close(): Promise<void>;
}

export type { FleetPrintOptions } from './fleet-tickets.mjs';
export type { SiteState } from './fleet-sites.mjs';

const REQUEST_TIMEOUT_MS = 10_000;
/** close() waits this long for the broker to take what is in flight, then drops the connection. */
const CLOSE_WAIT_MS = 2_000;
const SESSION_EXPIRY_SECONDS = 24 * 3600;

export function connectFleet(url: string, options: FleetOptions = {}): FleetClient {
  if (!/^(mqtts?|wss?):\/\//.test(url)) throw new TicketeraError('connection', `not a broker address: ${url} (mqtts://HOST:8883)`);
  if (options.site !== undefined && !SITE_PATTERN.test(options.site)) throw new TicketeraError('rejected', `not a site name: ${options.site}`);
  const ackTimeoutMs = timeoutOption(options.ackTimeoutMs, DEFAULT_ACK_TIMEOUT_MS, 'ackTimeoutMs');
  const resultTimeoutMs = timeoutOption(options.resultTimeoutMs, DEFAULT_RESULT_TIMEOUT_MS, 'resultTimeoutMs');
  const clientId = options.clientId ?? `ticketera-chain-${Math.random().toString(36).slice(2, 12)}`;
  const listeners = new Set<(state: FleetState, problem?: TicketeraError) => void>();
  let state: FleetState = 'connecting';
  let everConnected = false;
  const setState = (next: FleetState, problem?: TicketeraError): void => {
    if (next === state && problem === undefined) return;
    state = next;
    for (const listener of listeners) listener(next, problem);
  };

  const clientOptions: IClientOptions = {
    protocolVersion: 5,
    clientId,
    clean: false,
    reconnectPeriod: options.reconnectMs ?? 2_000,
    connectTimeout: 10_000,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.ca !== undefined ? { ca: options.ca } : {}),
    ...(options.cert !== undefined ? { cert: options.cert } : {}),
    ...(options.key !== undefined ? { key: options.key } : {}),
  };
  const client: MqttClient = mqtt.connect(url, clientOptions);
  const siteOf = (site: string | undefined): string => {
    const chosen = site ?? options.site;
    if (chosen === undefined || !SITE_PATTERN.test(chosen)) throw new TicketeraError('rejected', `no site named (connectFleet's site or print's { site }): ${String(chosen)}`);
    return chosen;
  };

  const publish = (site: string, payload: Record<string, unknown>, correlation: string, expirySeconds?: number, sentAt?: string): Promise<boolean> =>
    new Promise((resolve) => {
      if (!client.connected) return resolve(false);
      client.publish(
        requestsTopic(site),
        JSON.stringify(payload),
        {
          qos: 1,
          properties: {
            responseTopic: replyTopic(site, clientId),
            correlationData: Buffer.from(correlation),
            userProperties: { [SENT_AT_PROPERTY]: sentAt ?? new Date().toISOString() },
            ...(expirySeconds !== undefined ? { messageExpiryInterval: expirySeconds } : {}),
          },
        },
        (error) => resolve(!error),
      );
    });

  const tickets = new FleetTickets({
    publish,
    connected: () => client.connected,
    token: options.token,
    ackTimeoutMs,
    resultTimeoutMs,
    expiresInSeconds: options.expiresInSeconds,
    ...(options.askAgainMs !== undefined ? { askAgainMs: options.askAgainMs } : {}),
  });

  /** status() and printers(): answered on the asked site's reply topic, matched by a correlation made for each. */
  const requests = new Map<string, { site: string; settle: (message: unknown, problem?: TicketeraError) => void }>();
  const answeredRequests = new AnsweredRequests();
  let droppedReplies = 0;
  const ask = <T,>(site: string, tipo: 'status' | 'get_printers', answer: string, read: (message: Record<string, unknown>) => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const correlation = secretCorrelation('r');
      const timer = startTimer(REQUEST_TIMEOUT_MS, () => {
        requests.delete(correlation);
        // An answer that comes after the wait is late, not forged.
        answeredRequests.add(correlation, site);
        reject(new TicketeraError('connection', `no answer from site ${site} within ${REQUEST_TIMEOUT_MS / 1000} s (offline? see fleet sites)`));
      });
      requests.set(correlation, {
        site,
        settle: (message, problem) => {
          clearTimeout(timer);
          requests.delete(correlation);
          answeredRequests.add(correlation, site);
          if (problem) return reject(problem);
          const record = message as Record<string, unknown>;
          if (record['tipo'] === answer) return resolve(read(record));
          reject(new TicketeraError('rejected', String(record['mensaje'] ?? 'refused')));
        },
      });
      // Expires with the wait for its answer: an offline shop does not come back to a pile of stale questions.
      void publish(site, { tipo }, correlation, REQUEST_TIMEOUT_MS / 1000).then((sent) => {
        if (!sent) requests.get(correlation)?.settle(undefined, new TicketeraError('connection', 'not connected to the broker'));
      });
    });

  const states = new SiteStates(client);

  client.handleMessage = (packet: IPublishPacket, done) => {
    try {
      onMessage(packet);
    } finally {
      done();
    }
  };
  const onMessage = (packet: IPublishPacket): void => {
    if (states.take(packet)) return;
    // The site is the one whose replies topic this came on: the broker's ACL lets only that site write there.
    const site = siteOfTopic(packet.topic);
    const fromSite = site !== undefined && packet.topic === replyTopic(site, clientId) ? site : undefined;
    const correlation = packet.properties?.correlationData?.toString('utf8') ?? '';
    const reading = readServerMessage(Buffer.from(packet.payload).toString('utf8'));
    const request = requests.get(correlation);
    if (request) {
      if (request.site !== fromSite) {
        droppedReplies += 1;
        return;
      }
      return reading.ok ? request.settle(reading.message) : request.settle(undefined, new TicketeraError('protocol', reading.problem));
    }
    if (answeredRequests.isLateCopy(correlation, fromSite)) return;
    if (tickets.answer(reading, correlation, fromSite) === 'dropped') droppedReplies += 1;
  };

  client.on('connect', () => {
    // MQTT.js leaves Nagle's algorithm on: small tickets would wait for a delayed ACK (40 ms on Linux).
    (client.stream as { setNoDelay?: (on: boolean) => unknown } | undefined)?.setNoDelay?.(true);
    client.subscribe(allRepliesTopic(clientId), { qos: 1 });
    states.resubscribe();
    setState('open');
    // After a drop (and at the first connect, for tickets printed before it) every ticket without a result goes out
    // again with its id: the shop answers a known id from its journal.
    tickets.sendAll(everConnected);
    everConnected = true;
  });
  client.on('reconnect', () => setState(everConnected ? 'reconnecting' : 'connecting'));
  client.on('close', () => {
    if (state === 'open') setState('reconnecting');
  });
  client.on('error', (error) => {
    const auth = /not authori[sz]ed|bad user name or password/i.test(error.message);
    setState(state === 'closed' ? 'closed' : state, new TicketeraError(auth ? 'auth' : 'connection', error.message));
  });

  return {
    get state() {
      return state;
    },
    get droppedReplies() {
      return droppedReplies;
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    print(document, printOptions = {}) {
      let site: string;
      try {
        site = siteOf(printOptions.site);
      } catch (error) {
        return Promise.reject(error);
      }
      const built = isReceiptBuilder(document) ? document.build() : document;
      return tickets.print(site, built, printOptions);
    },
    status(requestOptions = {}) {
      return ask(siteOf(requestOptions.site), 'status', 'status', (message) => ({ current: Number(message['current']), capacity: Number(message['capacity']) }));
    },
    printers(requestOptions = {}) {
      return ask(siteOf(requestOptions.site), 'get_printers', 'printers', (message) => ({
        printers: message['printers'] as PrinterDetail[],
        summary: message['summary'] as PrinterSummary,
      }));
    },
    async sites(waitMs) {
      // The retained states come right after subscribing, once connected (10 s at most, then what is known).
      if (!client.connected) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, REQUEST_TIMEOUT_MS);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return states.all(waitMs);
    },
    onSiteState: (listener) => states.listen(listener),
    async close() {
      setState('closed');
      tickets.closeAll();
      for (const request of requests.values()) request.settle(undefined, new TicketeraError('connection', 'the client was closed'));
      // Bounded: a broker that is away or slow never keeps close() (and a Node POS shutting down) waiting.
      const ended = await Promise.race([
        client.endAsync(false).then(() => true, () => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_WAIT_MS)),
      ]);
      if (!ended) client.end(true);
    },
  };
}
