/**
 * The fleet's topic layout (the service's services/fleet/fleet-topics.ts; docs/remote-printing.md):
 *   ticketera/sites/<site>/requests, ticketera/sites/<site>/replies/<client>, ticketera/sites/<site>/state
 */
export const TOPIC_ROOT = 'ticketera/sites';
export const requestsTopic = (site: string): string => `${TOPIC_ROOT}/${site}/requests`;
export const replyTopic = (site: string, clientId: string): string => `${TOPIC_ROOT}/${site}/replies/${clientId}`;
export const allRepliesTopic = (clientId: string): string => `${TOPIC_ROOT}/+/replies/${clientId}`;
export const ALL_STATES_TOPIC = `${TOPIC_ROOT}/+/state`;
export const siteOfTopic = (topic: string): string | undefined => topic.slice(TOPIC_ROOT.length + 1).split('/')[0];

/** The user property the site reads for its own expiry (Settings), beside MQTT's Message Expiry. */
export const SENT_AT_PROPERTY = 'sent-at';
/** The start of the text of a ticket the site refused as too old. */
export const EXPIRED_TEXT_START = 'VALIDATION: ticket caducado';

/** A site name is one topic level, no wildcards (the service checks the same). */
export const SITE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
