// Serves the example POS page and the built client library from their own origin (not the print service's), the
// way a real POS web app is served: `npm run example:pos` → http://localhost:8780/?service=ws://localhost:8766/ws.
'use strict';
// CommonJS so the end-to-end tests (compiled to CommonJS) can require it as well as `node` run it.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const here = __dirname;
const CLIENT_DIST = path.resolve(here, '../../clients/js/dist');
const TYPES = { '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Where a request path is on disk: the page's own files, or the library under /client/; never outside them. */
function fileFor(urlPath) {
  const clean = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const [root, rest] = clean.startsWith('/client/') ? [CLIENT_DIST, clean.slice('/client/'.length)] : [here, clean === '/' ? 'index.html' : clean.slice(1)];
  const file = path.resolve(root, rest);
  return file.startsWith(root + path.sep) ? file : undefined;
}

function startExampleServer({ port = 0, host = '127.0.0.1' } = {}) {
  const server = http.createServer((request, response) => {
    const file = fileFor(request.url ?? '/');
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ url: `http://${host}:${address.port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

module.exports = { startExampleServer };

if (require.main === module) {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.mjs'))) {
    process.stderr.write('Build the client library first: npm run client:build\n');
    process.exit(1);
  }
  void startExampleServer({ port: Number(process.env.PORT ?? 8780), host: 'localhost' }).then(({ url }) => {
    process.stdout.write(`Example POS: ${url}?service=ws://localhost:8766/ws\n`);
  });
}
