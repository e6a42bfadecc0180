import type net from 'node:net';
import koffi from 'koffi';

/** <asm-generic/socket.h>: the same on x86-64 and arm64 Linux. */
const SOL_SOCKET = 1;
const SO_RCVBUF = 8;

type NativeFunction = (...args: unknown[]) => unknown;
interface SocketCalls {
  setsockopt: NativeFunction;
  getsockopt: NativeFunction;
}

let calls: SocketCalls | null = null;

/** libc through koffi, loaded on first use: Node has no API for SO_RCVBUF. */
function libc(): SocketCalls {
  if (process.platform !== 'linux') throw new Error('socketReceiveBufferBytes needs Linux (SO_RCVBUF through libc.so.6)');
  if (!calls) {
    const lib = koffi.load('libc.so.6');
    calls = {
      setsockopt: lib.func('int setsockopt(int fd, int level, int name, const void *value, uint32_t len)') as NativeFunction,
      getsockopt: lib.func('int getsockopt(int fd, int level, int name, _Out_ void *value, _Inout_ uint32_t *len)') as NativeFunction,
    };
  }
  return calls;
}

/** The file descriptor under a listening server or a connected socket (Node keeps it on its internal handle). */
export function fdOf(endpoint: net.Server | net.Socket): number {
  const fd = (endpoint as unknown as { _handle?: { fd?: number } | null })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) throw new Error('no file descriptor: not listening / not connected');
  return fd;
}

/**
 * Sets SO_RCVBUF. On a listening socket, before any connection arrives, so the window the kernel offers in the
 * handshake already fits it; connections accepted from it inherit it, and a set value turns receive autotuning off.
 */
export function setReceiveBuffer(fd: number, bytes: number): void {
  const value = Buffer.alloc(4);
  value.writeInt32LE(bytes);
  if (Number(libc().setsockopt(fd, SOL_SOCKET, SO_RCVBUF, value, 4)) !== 0) throw new Error(`setsockopt(SO_RCVBUF, ${bytes}) failed on fd ${fd}`);
}

/** SO_RCVBUF as the kernel keeps it: Linux doubles the value set, for its bookkeeping overhead. */
export function receiveBufferOf(fd: number): number {
  const value = Buffer.alloc(4);
  const length = [4];
  if (Number(libc().getsockopt(fd, SOL_SOCKET, SO_RCVBUF, value, length)) !== 0) throw new Error(`getsockopt(SO_RCVBUF) failed on fd ${fd}`);
  return value.readInt32LE(0);
}
