// The baseline: a bare `ws` server that echoes each frame, run as its own process like the service.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
server.on('listening', () => {
  const address = server.address();
  process.stdout.write(`listening on ws://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/ws\n`);
});
server.on('connection', (socket) => socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary })));
