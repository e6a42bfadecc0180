import type net from 'node:net';
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
  holdForThisTick(socket);
  socket.send(JSON.stringify(message));
  return true;
}

/** Connections whose writes are held until the current tick's work is done. */
const held = new WeakSet<net.Socket>();

/**
 * Holds a connection's writes until the work queued in this tick is done, so a group commit's acks (and results) to
 * one POS leave in one write instead of one system call each: a burst of 200 tickets from one connection is stored
 * in one commit and its 200 acks sent at once. Nothing waits for a later event: the writes go out before the event
 * loop moves on (process.nextTick), after the promise callbacks already queued, which are where acks are sent.
 */
function holdForThisTick(socket: WebSocket): void {
  // ws keeps the TCP socket as `_socket` and writes each frame to it; it offers no batching of its own.
  const raw = (socket as unknown as { _socket?: net.Socket })._socket;
  if (!raw || held.has(raw) || raw.destroyed) return;
  held.add(raw);
  raw.cork();
  process.nextTick(() => {
    held.delete(raw);
    raw.uncork();
  });
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
    holdForThisTick(socket);
    socket.send(JSON.stringify(message), (error) => {
      clearTimeout(timer);
      resolve(!error);
    });
  });
}
