/**
 * @ticketera/client: print receipts through Ticketera's print service from a browser page or Node.
 *
 *   const client = connect('ws://localhost:8766/ws');
 *   await client.print(receipt().text('Hola', { bold: true }).cut());
 */
export { connect, DEFAULT_MAX_WAITING, HANDSHAKE_TIMEOUT_MS } from './client.mjs';
export type { ConnectionState, ConnectOptions, PrintOptions, StateListener, TicketeraClient } from './client.mjs';
export type { ReconnectOptions } from './backoff.mjs';
export { DEFAULT_ACK_TIMEOUT_MS, DEFAULT_RESULT_TIMEOUT_MS } from './deadlines.mjs';
export { TicketeraError } from './errors.mjs';
export type { TicketeraErrorKind } from './errors.mjs';
export { ERROR_CATEGORIES } from './protocol.mjs';
export type { ErrorCategory, PrinterDetail, PrinterStatus, PrinterSummary, PrinterType } from './protocol.mjs';
export { receipt } from './receipt-builder.mjs';
export type {
  BarcodeOptions,
  ImageOptions,
  PrintCommand,
  PrintDocument,
  QrOptions,
  ReceiptBuilder,
  ReceiptOptions,
  TableColumn,
  TextOptions,
} from './receipt-builder.mjs';
export type { WebSocketConstructor, WebSocketLike } from './socket.mjs';
export type { Ack, PrintResult } from './tickets.mjs';
export type * as DocumentTypes from './document-types.generated.mjs';
