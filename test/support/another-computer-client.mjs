// Run inside the test's network namespace (see another-computer.ts): the requests of a computer on the shop's network.
// argv[2] is the service's base URL as that computer reaches it, argv[3] a JSON list of steps; prints one JSON line
// with each step's outcome. Plain Node and `ws`, so nothing of the service runs in here.
import http from 'node:http';
import WebSocket from 'ws';

const base = new URL(process.argv[2]);
const steps = JSON.parse(process.argv[3]);

function request(step, cookie) {
  return new Promise((resolve, reject) => {
    const headers = { ...step.headers, ...(cookie ? { Cookie: cookie } : {}) };
    const call = http.request(new URL(step.path, base), { method: step.method ?? 'GET', headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const setCookie = (response.headers['set-cookie'] ?? [])[0]?.split(';')[0];
        resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), ...(setCookie ? { setCookie } : {}) });
      });
    });
    call.on('error', reject);
    call.end(step.body ?? '');
  });
}

/** A WebSocket handshake; the refusal's status and text, or 101 when it was let in. */
function upgrade(step, cookie) {
  return new Promise((resolve) => {
    const socket = new WebSocket(new URL(step.path, base.href.replace(/^http/, 'ws')), { headers: { ...step.headers, ...(cookie ? { Cookie: cookie } : {}) } });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    socket.once('error', (error) => resolve({ status: 0, body: error.message }));
  });
}

/** A POS program printing one ticket over `/ws`: the service's `result` for it. */
function ticket(step) {
  return new Promise((resolve) => {
    const socket = new WebSocket(new URL('/ws', base.href.replace(/^http/, 'ws')));
    const timer = setTimeout(() => resolve({ status: 0, body: 'no result within 10 s' }), 10_000);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.tipo === 'info') socket.send(JSON.stringify({ tipo: 'ticket', id: step.id, datos: step.datos }));
      if (message.tipo === 'result' || message.tipo === 'error') {
        clearTimeout(timer);
        socket.close();
        resolve({ status: message.status === 'success' ? 200 : 500, body: JSON.stringify(message) });
      }
    });
    socket.once('error', (error) => resolve({ status: 0, body: error.message }));
  });
}

const outcomes = [];
for (const step of steps) {
  const cookie = step.cookieFrom === undefined ? undefined : outcomes[step.cookieFrom]?.setCookie;
  if (step.kind === 'upgrade') outcomes.push(await upgrade(step, cookie));
  else if (step.kind === 'ticket') outcomes.push(await ticket(step));
  else outcomes.push(await request(step, cookie));
}
// Whatever is still open (a ticket that never got its result) must not keep this computer's process alive.
process.stdout.write(`${JSON.stringify(outcomes)}\n`, () => process.exit(0));
