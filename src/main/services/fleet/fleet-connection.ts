import type { TokenCheck } from '../intake/token-check';
import fs from 'node:fs';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { version } from '../../../../package.json';
import { FLEET_OFF, type FleetStatus } from '../../../shared/contract/fleet-types';
import type { PrintService } from '../print-service';
import { handleClientText } from '../intake/intake';
import { fleetDoor } from '../queue/door';
import { ResultRouter } from '../intake/result-router';
import { shownBrokerUrl, type FleetConfig } from './fleet-config';
import { FleetReplies } from './fleet-replies';
import { fleetSourceOf, isOwnReplyTopic, requestsTopic, stateTopic } from './fleet-topics';
import { RequesterLimits } from './requester-limits';
import { expiredBySentAt } from './ticket-expiry';
import { StatePublisher } from './state-publisher';
import { ERROR_TEXT, type ServerMessage } from '../../../shared/protocol';
import { offlineState } from './site-state';

export interface FleetOptions {
  config: FleetConfig;
  env: string;
  token: TokenCheck | undefined;
  ratePerMinute: number;
  /** Requests larger than this are refused as the WebSocket refuses such frames (and the broker is asked not to send them). */
  maxFrameBytes: number;
  log?: (line: string) => void;
  /** Tests: how often the state is published at the latest, and at most. */
  stateEveryMs?: number;
  stateAtMostEveryMs?: number;
  /** Tests: the wait between reconnection attempts. */
  reconnectMs?: number;
}

/** Each step of stopping (the goodbye state, the disconnect) waits at most this long. */
const STOP_STEP_MS = 1_500;

/** True when `promise` settled within `ms`; never rejects. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/** Kept by the broker for a shop that is offline: tickets for it wait up to a week (each may expire sooner). */
export const SESSION_EXPIRY_SECONDS = 7 * 24 * 3600;

/**
 * The shop's connection out to the chain's MQTT 5 broker. Requests on the site's topic go through the same protocol
 * handling as the WebSocket (services/intake); each one is acknowledged to the broker (PUBACK) only once it has been
 * answered, which for a ticket means stored in the journal: a site killed before that gets it again from its
 * persistent session, and the journal's ticket-id rule answers a redelivery without printing twice.
 */
export class FleetConnection {
  private client: MqttClient | undefined;
  private readonly results: ResultRouter;
  private readonly replies: FleetReplies;
  private readonly limits: RequesterLimits;
  private readonly state: StatePublisher;
  private status: FleetStatus;
  private stopping = false;

  constructor(
    private readonly service: PrintService,
    private readonly options: FleetOptions,
  ) {
    const { config } = options;
    this.results = new ResultRouter(service.queue);
    this.replies = new FleetReplies(() => this.client);
    this.limits = new RequesterLimits(options.ratePerMinute);
    this.status = { ...FLEET_OFF, refused: { ...FLEET_OFF.refused }, state: 'connecting', broker: shownBrokerUrl(config.url), site: config.site };
    this.state = new StatePublisher(service, {
      site: config.site,
      env: options.env,
      version,
      lastTicketAt: () => this.status.lastTicketAt,
      publish: (payload) => this.publishState(payload),
      ...(options.stateEveryMs !== undefined ? { everyMs: options.stateEveryMs } : {}),
      ...(options.stateAtMostEveryMs !== undefined ? { atMostEveryMs: options.stateAtMostEveryMs } : {}),
    });
  }

  /** Starts connecting (never throws for the broker being away: it keeps trying, and the window says why). */
  start(): void {
    const { config } = this.options;
    let options: IClientOptions;
    try {
      options = this.clientOptions();
    } catch (error) {
      // A CA, certificate or key that cannot be read: said in the window and the log; the local service runs on.
      this.setStatus({ state: 'reconnecting', problem: (error as Error).message });
      this.options.log?.(`Fleet: not connecting to ${this.status.broker}: ${(error as Error).message}`);
      return;
    }
    const client = mqtt.connect(config.url, options);
    this.client = client;
    // Requests are taken one at a time and acknowledged to the broker only once answered (see the class comment).
    client.handleMessage = (packet, done) => {
      this.onRequest(packet).then(
        () => done(),
        (error: unknown) => {
          this.options.log?.(`Fleet: a request could not be handled (${(error as Error).message})`);
          done();
        },
      );
    };
    client.on('connect', (connack) => {
      noDelay(client);
      this.setStatus({ state: 'connected', problem: null, connectedAt: new Date().toISOString() });
      this.options.log?.(`Fleet: connected to ${this.status.broker} as site ${config.site}${connack.sessionPresent ? ' (session kept)' : ''}`);
      // Subscribing again is harmless with a kept session and needed without one (a broker that lost its state).
      // Retain Handling 2: a ticket left retained on the topic is not sent at subscribe, or every start would take it
      // afresh (and print it again when it has no id); onRequest also ignores one that arrives retained anyway.
      client.subscribe(requestsTopic(config.site), { qos: 1, rh: 2 }, (error, granted) => {
        const refused = granted?.find((grant) => grant.qos > 2);
        if (error || refused) this.setStatus({ problem: `cannot subscribe to ${requestsTopic(config.site)}: ${error?.message ?? `reason ${refused?.qos}`}` });
      });
      this.state.now();
    });
    client.on('reconnect', () => this.setStatus({ state: 'reconnecting' }));
    client.on('close', () => {
      if (this.stopping) return;
      if (this.status.state === 'connected') this.setStatus({ state: 'reconnecting', problem: this.status.problem ?? 'connection lost' });
      // Closed before accepting us, without a reason code (a broker refusing the credentials may do just that).
      else this.setStatus({ problem: this.status.problem ?? 'the broker closed the connection before accepting it' });
    });
    client.on('offline', () => this.setStatus({ state: 'reconnecting' }));
    client.on('error', (error) => {
      // Never logs the options: the password and key stay out of the log.
      this.setStatus({ problem: error.message });
      this.options.log?.(`Fleet: ${this.status.broker}: ${error.message}`);
    });
    this.state.start();
  }

  /** What the window shows. */
  view(): FleetStatus {
    return structuredClone(this.status);
  }

  /** Says goodbye (the retained state turns offline, no last will), then disconnects. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.state.stop();
    this.results.close();
    const client = this.client;
    if (!client) return;
    // Bounded: a broker that is slow or away must never hold up a restart or quitting (the last will covers it).
    if (client.connected) await within(this.publishState(JSON.stringify(offlineState(this.options.config.site, version, 'stopped'))), STOP_STEP_MS);
    if (!(await within(client.endAsync(false), STOP_STEP_MS))) client.end(true);
    this.setStatus({ state: 'off' });
  }

  private clientOptions(): IClientOptions {
    const { config } = this.options;
    const readPem = (file: string | undefined): Buffer | undefined => {
      if (!file) return undefined;
      try {
        return fs.readFileSync(file);
      } catch (error) {
        throw new Error(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    };
    return {
      protocolVersion: 5,
      clientId: `ticketera-site-${config.site}`,
      // A persistent session: tickets sent while the shop is offline wait at the broker and arrive on reconnect.
      clean: false,
      reconnectPeriod: this.options.reconnectMs ?? 2_000,
      connectTimeout: 10_000,
      keepalive: 30,
      properties: {
        sessionExpiryInterval: SESSION_EXPIRY_SECONDS,
        // The broker drops larger requests for us instead of sending them (the WebSocket's 1009, before buffering).
        maximumPacketSize: this.options.maxFrameBytes + 64 * 1024,
        // Bounds how many unacknowledged requests the broker pushes at once.
        receiveMaximum: 64,
      },
      will: {
        topic: stateTopic(config.site),
        payload: Buffer.from(JSON.stringify(offlineState(config.site, version, 'connection lost'))),
        qos: 1,
        retain: true,
      },
      // A password alone: the user name is the site's, as in the example ACL (MQTT brokers rarely accept a password without one).
      ...(config.username !== undefined ? { username: config.username } : config.password !== undefined ? { username: config.site } : {}),
      ...(config.password !== undefined ? { password: config.password } : {}),
      ...(config.caFile ? { ca: readPem(config.caFile) } : {}),
      ...(config.certFile ? { cert: readPem(config.certFile) } : {}),
      ...(config.keyFile ? { key: readPem(config.keyFile) } : {}),
    };
  }

  private async onRequest(packet: IPublishPacket): Promise<void> {
    const { config } = this.options;
    const properties = packet.properties ?? {};
    const replyTopic = isOwnReplyTopic(config.site, properties.responseTopic) ? properties.responseTopic : undefined;
    const answers = this.replies.for(replyTopic, properties.correlationData);
    // "Last ticket received" is the last one taken into the journal (its ack), not whatever else was published.
    const replies = {
      ...answers,
      send: (message: ServerMessage): void => {
        if (message.tipo === 'ack') this.status.lastTicketAt = new Date().toISOString();
        answers.send(message);
      },
    };
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
    this.status.messagesReceived += 1;
    if (packet.retain) {
      // Only a copy kept by the broker arrives with the flag (a live publish to our subscription never does, unless
      // the broker ignored Retain Handling or the flag is kept as published): it is no order for now. Not answered, so
      // a broker that keeps sending it at every start does not flood the chain's reply topic; acknowledged all the same.
      this.status.refused.retained += 1;
      this.options.log?.(`Fleet: ignored a retained request on ${packet.topic} (tickets must be published without retain) / petición retenida ignorada`);
      return;
    }
    if (payload.length > this.options.maxFrameBytes) {
      this.status.refused.oversized += 1;
      this.options.log?.(`Fleet: refused a request over ${this.options.maxFrameBytes} bytes / mensaje demasiado grande`);
      return;
    }
    if (replyTopic === undefined) this.status.refused.noReplyTopic += 1;
    const text = payload.toString('utf8');
    const expired = expiredBySentAt(text, properties.userProperties, config.ticketExpiryMinutes, this.service);
    if (expired) {
      this.status.refused.expired += 1;
      replies.send(expired);
      return;
    }
    await handleClientText(text, this.service, this.results, replies, {
      token: this.options.token,
      limiter: this.limits.for(replyTopic ?? ''),
      door: fleetDoor(replyTopic),
      source: fleetSourceOf(config.site, replyTopic),
      // The broker already authenticated the publisher; a wrong token is answered at once, never held (holding
      // would stop every other requester's tickets on this one connection).
      wrongToken: (id, to) => to.send(id === undefined ? { tipo: 'error', status: 'error', mensaje: ERROR_TEXT.badToken } : { tipo: 'error', id, status: 'error', mensaje: ERROR_TEXT.badToken }),
    });
    this.state.soon();
  }

  private publishState(payload: string): Promise<void> {
    const client = this.client;
    if (!client?.connected) return Promise.resolve();
    return client.publishAsync(stateTopic(this.options.config.site), payload, { qos: 1, retain: true }).then(() => undefined);
  }

  private setStatus(change: Partial<FleetStatus>): void {
    this.status = { ...this.status, ...change };
  }
}

/**
 * MQTT.js leaves Nagle's algorithm on: a small reply then waits for the peer's delayed ACK (40 ms on Linux) before it
 * leaves. Tickets and their answers are small and latency-bound, so they go out at once.
 */
export function noDelay(client: MqttClient): void {
  const stream = client.stream as { setNoDelay?: (on: boolean) => unknown } | undefined;
  stream?.setNoDelay?.(true);
}
