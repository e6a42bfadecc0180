import { METHOD_NAMES, type MethodName } from './methods';

/** IPC channel names, derived from the method list so no handler or bridge can drift from the contract. */
const PREFIX = 'ticketera:';
export const channelOf = (method: MethodName): string => `${PREFIX}${method}`;
export const METHOD_CHANNELS: readonly string[] = METHOD_NAMES.map(channelOf);
export const EVENT_CHANNEL = `${PREFIX}event`;

/** HTTP transport: `POST /api/<method>` with a JSON body; pushed events on a WebSocket at `/api/events`. */
export const HTTP_API_PREFIX = '/api/';
export const HTTP_EVENTS_PATH = '/api/events';
export const httpPathOf = (method: MethodName): string => `${HTTP_API_PREFIX}${method}`;
