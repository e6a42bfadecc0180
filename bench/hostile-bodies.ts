// `npm run bench -- vendor` (issue 38 item 9): the service's event loop while the hostile request bodies are
// posted to its ePOS-Print and WebPRNT doors, one after another, three rounds. The service runs as its own process
// (spawnService: the CLI's `serve`) with bench/loop-delay-preload.cjs, so the delays are its own thread's, not this
// client's; each SIGUSR2 ends a phase (a quiet second, then the bodies).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAnswer } from '../test/support/epos-client';
import { postBytes } from '../test/support/hostile-door-request';
import * as bodies from '../test/support/hostile-door-bodies';
import { spawnService } from '../test/support/service-process';
import { startTcpSink } from '../test/support/tcp-sink';
import { traderReceive } from '../test/webprnt/star-web-print';
import type { BenchRow } from './bench-row';
import { settle } from './processes';

const ROUNDS = 3;
const TARGET_MS = 100;
export const HOSTILE_GOAL = 'event-loop delay p99 ≤ 100 ms while the hostile request bodies of issue 38 item 9 are posted to the ePOS and WebPRNT doors';

interface Phase {
  delayP99: number;
  delayMax: number;
  mainThreadCpuMs: number;
  wallMs: number;
}

const DOORS = {
  epos: { path: bodies.EPOS_PATH, headers: bodies.EPOS_HEADERS },
  webprnt: { path: bodies.WEBPRNT_PATH, headers: bodies.WEBPRNT_HEADERS },
};

/** Each body, where it goes, and the answers expected (refused, or printed when it is legal). */
const HOSTILE: Array<{ name: string; body: () => string; door: 'epos' | 'webprnt'; expected: string | string[] }> = [
  { name: '1,000 rectangles to 65535 in a page', body: bodies.eposRectangles, door: 'epos', expected: 'ParameterError' },
  { name: '8 MiB of rectangles', body: bodies.eposRectangles8MiB, door: 'epos', expected: 'SchemaError' },
  { name: '6,000 prefixes × 6,000 elements', body: bodies.eposPrefixes, door: 'epos', expected: 'SchemaError' },
  { name: '200,000 feeds', body: bodies.eposFeeds, door: 'epos', expected: 'SchemaError' },
  { name: '8 million line ends', body: bodies.eposLineEnds, door: 'epos', expected: 'ParameterError' },
  { name: '500 full pages', body: bodies.eposPages, door: 'epos', expected: 'ParameterError' },
  { name: '8 MiB of character references', body: bodies.eposReferences, door: 'epos', expected: 'SchemaError' },
  // Cut to the page, the rules are one page's drawing, well inside a request's budget: printed (the answer waits for
  // the print) whichever head the bench's printer is taken for.
  { name: '1,000 rules 65535 long', body: bodies.webPrntRules, door: 'webprnt', expected: ['true', 'false'] },
  { name: 'a million escaped line ends', body: bodies.webPrntLineEnds, door: 'webprnt', expected: 'false' },
  { name: '6,000 prefixes in the print data', body: bodies.webPrntPrefixes, door: 'webprnt', expected: 'false' },
];

export async function runHostileBodiesBench(): Promise<BenchRow[]> {
  const printer = await startTcpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-hostile-'));
  const phasesFile = path.join(dataDir, 'loop-delay.json');
  const prepared = HOSTILE.map((hostile) => ({ ...hostile, bytes: Buffer.from(hostile.body()) }));
  const service = await spawnService(['--host', '127.0.0.1', '--data-dir', dataDir, '--printer', printer.uri, '--rate-limit', '0'], 30_000, undefined, {
    env: { NODE_OPTIONS: `--require ${path.join(__dirname, 'loop-delay-preload.cjs')}`, LOOP_DELAY_OUT: phasesFile },
  });
  const base = `http://127.0.0.1:${service.port}`;
  const mark = async (): Promise<void> => {
    service.child.kill('SIGUSR2');
    await settle(50);
  };
  let slowest = 0;
  try {
    // Each door's code loads with its first request: once each before measuring.
    for (const hostile of prepared.filter((_, index) => index === 0 || index === prepared.length - 1)) await post(base, hostile);
    await mark();
    await settle(1_000);
    await mark();
    for (let round = 0; round < ROUNDS; round++) {
      for (const hostile of prepared) slowest = Math.max(slowest, await post(base, hostile));
    }
    await mark();
  } finally {
    service.child.kill('SIGINT');
    await service.exited;
    await printer.close();
  }
  const phases = JSON.parse(fs.readFileSync(phasesFile, 'utf8')) as Phase[];
  fs.rmSync(dataDir, { recursive: true, force: true });
  const [, quiet, hostile] = phases;
  if (!quiet || !hostile) throw new Error(`bench: the service wrote ${phases.length} phases of loop delay, 3 expected`);
  const requests = ROUNDS * prepared.length;
  return [
    { name: 'event-loop delay p99, quiet service (1 s)', value: quiet.delayP99, unit: 'ms', target: '—', pass: true },
    { name: `event-loop delay p99 while ${requests} hostile ePOS/WebPRNT bodies are posted`, value: hostile.delayP99, unit: 'ms', target: `≤ ${TARGET_MS} ms`, pass: hostile.delayP99 <= TARGET_MS, goal: HOSTILE_GOAL },
    { name: 'event-loop delay max, same', value: hostile.delayMax, unit: 'ms', target: '—', pass: true },
    { name: "service's main thread on a CPU per hostile body", value: hostile.mainThreadCpuMs / requests, unit: 'ms', target: '—', pass: true },
    { name: 'slowest hostile body: request → answer', value: slowest, unit: 'ms', target: '—', pass: true },
  ];
}

/** Posts one body; its time to the answer, after checking the answer is the one expected. */
async function post(base: string, hostile: (typeof HOSTILE)[number] & { bytes: Buffer }): Promise<number> {
  const started = performance.now();
  const door = DOORS[hostile.door];
  const answer = await postBytes(`${base}${door.path}`, hostile.bytes, door.headers);
  const elapsed = performance.now() - started;
  const got = hostile.door === 'epos' ? parseAnswer(answer.text).code : traderReceive(answer.text)?.traderSuccess;
  if (got === undefined || ![hostile.expected].flat().includes(got)) throw new Error(`bench: ${hostile.name} was answered ${got ?? answer.status}, ${[hostile.expected].flat().join(' or ')} expected`);
  return elapsed;
}
