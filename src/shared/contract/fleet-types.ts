/** The fleet (remote printing through an MQTT broker) as the window shows it; see services/fleet. */
export type FleetConnectionState = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface FleetStatus {
  state: FleetConnectionState;
  /** The broker's address without credentials (`mqtts://broker.example.com:8883`); empty when off. */
  broker: string;
  site: string;
  /** Why it is not connected (the broker's refusal, a network error), in the broker library's words; null when fine. */
  problem: string | null;
  /** When it last connected / last received a ticket (ISO 8601), null before the first. */
  connectedAt: string | null;
  lastTicketAt: string | null;
  /**
   * Since the service started: messages taken from the broker, and those refused before the protocol saw them;
   * `retained`: requests that arrived with the retain flag (a copy the broker kept, never printed).
   */
  messagesReceived: number;
  refused: { oversized: number; noReplyTopic: number; expired: number; retained: number };
}

export const FLEET_OFF: FleetStatus = {
  state: 'off',
  broker: '',
  site: '',
  problem: null,
  connectedAt: null,
  lastTicketAt: null,
  messagesReceived: 0,
  refused: { oversized: 0, noReplyTopic: 0, expired: 0, retained: 0 },
};
