// Preloaded with `node --require` beside test/fixtures/record-package-loads.cjs: appends the name of each chunk of the
// build the process loads (`chunks/epos-route-Ab12Cd.js` → `epos-route`), one a line, to TICKETERA_RECORD_CHUNKS, so a
// test can tell which of the service's own modules loaded and when (a door is a chunk of its own, loaded on first use).
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const file = process.env.TICKETERA_RECORD_CHUNKS;
const seen = new Set();
const load = Module._load;
Module._load = function recordChunk(request, parent, ...rest) {
  if (file && request.startsWith('.') && parent?.filename) {
    const resolved = path.resolve(path.dirname(parent.filename), request);
    const chunk = /[\\/]chunks[\\/]([^\\/]+?)-[\w-]{8}\.js$/.exec(resolved)?.[1];
    if (chunk && !seen.has(chunk)) {
      seen.add(chunk);
      fs.appendFileSync(file, `${chunk}\n`);
    }
  }
  return load.call(this, request, parent, ...rest);
};
