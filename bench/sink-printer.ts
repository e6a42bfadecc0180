// A raw TCP receipt printer for the bench, in its own process: it accepts each job and discards the bytes.
import net from 'node:net';

// allowHalfOpen false: when the service half-closes after the last byte the printer closes too (AppSocket), which
// is what the service waits for before it reports the job printed.
const server = net.createServer({ allowHalfOpen: false }, (socket) => {
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on tcp://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}\n`);
});
