import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../clients/js/src');

/** Every module a file pulls in, following relative imports (`./x.mjs` is `./x.mts` in the sources). */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = fs.readFileSync(path.join(SRC, entry), 'utf8');
  for (const match of text.matchAll(/from '([^']+)'/g)) {
    const target = match[1] as string;
    if (target.startsWith('./')) reachable(target.slice(2).replace(/\.mjs$/, '.mts'), seen);
    else seen.add(`package:${target}`);
  }
  return seen;
}

describe('@ticketera/client keeps the browser entry free of mqtt', () => {
  it('index (browsers, WebSocket) never reaches mqtt; fleet (Node) does', () => {
    expect([...reachable('index.mts')].filter((module) => module.includes('mqtt') || module.startsWith('fleet'))).toEqual([]);
    expect(reachable('fleet.mts').has('package:mqtt')).toBe(true);
  });
});
