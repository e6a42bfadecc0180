import type { MqttClient } from 'mqtt';
import { RESULT_DELIVERY_TIMEOUT_MS, type ServerMessage } from '../../../shared/protocol';
import type { Replies } from '../intake/intake';
import type { ResultSink } from '../intake/result-router';

/** Correlation Data longer than this is not echoed (a POS's ids are far shorter; a hostile one is not stored). */
export const MAX_CORRELATION_BYTES = 256;

/**
 * Answers to one request, on its MQTT 5 Response Topic with its Correlation Data (QoS 1: a chain client that is
 * offline gets them from its persistent session). A redelivered pending ticket may get its result twice; the
 * client takes the first and ignores the rest.
 */
export class FleetReplies {
  constructor(private readonly client: () => MqttClient | undefined) {}

  /** Replies for a request; without a usable response topic, answers go nowhere (there is no one to tell). */
  for(topic: string | undefined, correlation: Buffer | undefined): Replies {
    if (topic === undefined) return { send: () => undefined, results: { deliver: () => Promise.resolve(false) } };
    const data = correlation !== undefined && correlation.length <= MAX_CORRELATION_BYTES ? correlation : undefined;
    const results: ResultSink = { deliver: (message) => this.publish(topic, data, message) };
    return { send: (message) => void this.publish(topic, data, message), results };
  }

  /** Resolves true once the broker took it (PUBACK) within the protocol's 5 s, false otherwise; never rejects. */
  private publish(topic: string, correlation: Buffer | undefined, message: ServerMessage): Promise<boolean> {
    const client = this.client();
    if (!client) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), RESULT_DELIVERY_TIMEOUT_MS);
      // Offline, MQTT.js keeps it and sends it on reconnect: the answer still arrives, just late.
      client.publish(topic, JSON.stringify(message), { qos: 1, properties: correlation ? { correlationData: correlation } : {} }, (error) => {
        clearTimeout(timer);
        resolve(!error);
      });
    });
  }
}
