import WebSocket from 'ws';

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

export async function openSockets(url: string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < count; opened += 50) {
    const batch = Array.from({ length: Math.min(50, count - opened) }, () => {
      const socket = new WebSocket(url);
      return new Promise<WebSocket>((resolve, reject) => socket.once('open', () => resolve(socket)).once('error', reject));
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Round trips over `sockets` in parallel, each socket sending its next frame only after the previous reply
 * (closed loop), and returns every round trip in milliseconds, sorted.
 */
export async function closedLoopRoundTrips(
  sockets: WebSocket[],
  perSocket: number,
  frame: (socketIndex: number, sequence: number) => string,
  isReply: (data: string) => boolean,
): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    sockets.map(
      (socket, socketIndex) =>
        new Promise<void>((resolve) => {
          let sequence = 0;
          let sentAt = 0;
          const sendNext = (): void => {
            sentAt = performance.now();
            socket.send(frame(socketIndex, sequence));
          };
          const onMessage = (data: WebSocket.RawData): void => {
            if (!isReply(String(data))) return;
            samples.push(performance.now() - sentAt);
            sequence += 1;
            if (sequence < perSocket) sendNext();
            else {
              socket.off('message', onMessage);
              resolve();
            }
          };
          socket.on('message', onMessage);
          sendNext();
        }),
    ),
  );
  return samples.sort((a, b) => a - b);
}
