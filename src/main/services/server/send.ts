import WebSocket from 'ws';
import { RESULT_DELIVERY_TIMEOUT_MS, type ServerMessage } from '../../../shared/protocol';

/** A client that has this much unread data waiting is not reading; it is cut off rather than buffered forever. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Sends one server message; true when it was handed to the socket. */
export function send(socket: WebSocket, message: ServerMessage): boolean {
  if (socket.readyState !== WebSocket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

/**
 * Sends a message and resolves true once it left, false when it could not within the delivery timeout
 * (the protocol waits at most 5 s for a `result`). Never rejects, never blocks the caller's work.
 */
export function sendWithin(socket: WebSocket, message: ServerMessage, timeoutMs = RESULT_DELIVERY_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.readyState !== WebSocket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.send(JSON.stringify(message), (error) => {
      clearTimeout(timer);
      resolve(!error);
    });
  });
}
