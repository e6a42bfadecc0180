import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { referenceSample, serverCodes, type SampleAnswer } from './reference-samples';
import { toXml } from './to-xml';

/**
 * A test double of the campus open-data API (spec campus-open-data-api.md and the method sheets), over real HTTP:
 * `GET /v2/wireless/auth.{json|xml}?key=` and `GET /v2/api/changelog.{json|xml}`, JSONP through `?callback=`, every
 * code of the service's list inside `meta.status` with HTTP 200 (as the service does), null values, a slow answer and
 * a malformed body. Which one a wireless call gets depends on its key (EMULATOR_CAMPUS_KEYS), so a CLI run or the
 * window picks a behaviour with the key alone; `script()` (or POST /__emulator/script) does it for any call. Test code only.
 */
export const EMULATOR_CAMPUS_KEYS = {
  good: 'campus-good-key-0001',
  banned: 'campus-banned-key-0403',
  limited: 'campus-limited-key-0429',
  noData: 'campus-nodata-key-0204',
  nulls: 'campus-null-key-0000',
  slow: 'campus-slow-key-0000',
  malformed: 'campus-garbled-key-0000',
  jsonp: 'campus-jsonp-key-0000',
} as const;

/** What the next calls get instead of the normal answer. */
export type Scripted =
  | { kind: 'status'; code: number }
  | { kind: 'nulls' }
  | { kind: 'slow' }
  | { kind: 'malformed' }
  | { kind: 'jsonp'; callback?: string }
  | { kind: 'http'; status: number };

export interface CampusEmulatorOptions {
  port?: number;
  host?: string;
  /** How long a slow answer takes (tests: a little over the client's attempt limit). */
  slowMs?: number;
  /** The wireless data the good key gets (default: the reference sample's). */
  wireless?: { count: number | null; last_updated: string | null };
}

export interface LoggedCall {
  path: string;
  /** The query as received, `key` included (tests check it was sent). */
  query: Record<string, string>;
  status: number;
}

export interface CampusEmulator {
  url: string;
  readonly calls: LoggedCall[];
  script(next: Scripted, times?: number): void;
  setWireless(wireless: { count: number | null; last_updated: string | null }): void;
  reset(): void;
  close(): Promise<void>;
}

const KNOWN_KEYS = new Set<string>(Object.values(EMULATOR_CAMPUS_KEYS));

export async function startCampusEmulator(options: CampusEmulatorOptions = {}): Promise<CampusEmulator> {
  const wirelessSample = referenceSample('wireless-auth');
  const changelogSample = referenceSample('api-changelog');
  const codes = serverCodes();
  const initialWireless = options.wireless ?? (wirelessSample.data as { issues: { count: number | null; last_updated: string | null } }).issues;
  let wireless = { ...initialWireless };
  let scripted: { next: Scripted; times: number }[] = [];
  let requests = 1000;
  const calls: LoggedCall[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const envelope = (sample: SampleAnswer, status: number, data: unknown): SampleAnswer => ({
    meta: { ...sample.meta, requests: (requests += 1), timestamp: Math.floor(Date.now() / 1000), status, message: codes.get(status) ?? 'Unknown error' },
    data,
  });

  const takeScripted = (): Scripted | undefined => {
    const first = scripted[0];
    if (!first) return undefined;
    first.times -= 1;
    if (first.times <= 0) scripted = scripted.slice(1);
    return first.next;
  };

  const scenarioOfKey = (key: string | undefined): Scripted | undefined => {
    if (key === undefined || key === '') return { kind: 'status', code: 511 };
    if (!KNOWN_KEYS.has(key)) return { kind: 'status', code: 401 };
    switch (key) {
      case EMULATOR_CAMPUS_KEYS.banned:
        return { kind: 'status', code: 403 };
      case EMULATOR_CAMPUS_KEYS.limited:
        return { kind: 'status', code: 429 };
      case EMULATOR_CAMPUS_KEYS.noData:
        return { kind: 'status', code: 204 };
      case EMULATOR_CAMPUS_KEYS.nulls:
        return { kind: 'nulls' };
      case EMULATOR_CAMPUS_KEYS.slow:
        return { kind: 'slow' };
      case EMULATOR_CAMPUS_KEYS.malformed:
        return { kind: 'malformed' };
      case EMULATOR_CAMPUS_KEYS.jsonp:
        return { kind: 'jsonp', callback: 'campusAnswer' };
      default:
        return undefined;
    }
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://emulator.invalid');
    if (url.pathname.startsWith('/__emulator/')) {
      control(request, response, url);
      return;
    }
    const query = Object.fromEntries(url.searchParams.entries());
    const method = /^\/v2\/(wireless\/auth|api\/changelog)\.(json|xml)$/.exec(url.pathname);
    const format = method?.[2] === 'xml' ? 'xml' : 'json';
    const send = (status: number, body: string, contentType: string): void => {
      calls.push({ path: url.pathname, query, status });
      response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
      response.end(body);
    };
    const answer = (value: SampleAnswer, callback = url.searchParams.get('callback') ?? undefined): void => {
      if (format === 'xml') send(200, toXml(value), 'application/xml; charset=utf-8');
      else if (callback) send(200, `${callback}(${JSON.stringify(value)});`, 'application/javascript; charset=utf-8');
      else send(200, JSON.stringify(value, null, 4), 'application/json; charset=utf-8');
    };
    if (!method) {
      answer(envelope({ meta: { method_id: null, method: [] }, data: null }, 501, []));
      return;
    }
    const isWireless = method[1] === 'wireless/auth';
    const sample = isWireless ? wirelessSample : changelogSample;
    const normalData = isWireless ? { issues: { ...wireless } } : changelogSample.data;
    const scenario = takeScripted() ?? (isWireless ? scenarioOfKey(url.searchParams.get('key') ?? undefined) : undefined);
    switch (scenario?.kind) {
      case undefined:
        answer(envelope(sample, 200, normalData));
        return;
      case 'status':
        answer(envelope(sample, scenario.code, []));
        return;
      case 'http':
        send(scenario.status, `<html><body>${scenario.status}</body></html>`, 'text/html');
        return;
      case 'nulls':
        answer({
          meta: { ...envelope(sample, 200, null).meta, requests: null, timestamp: null, message: null, method_id: null },
          data: isWireless ? { issues: { count: null, last_updated: null } } : [{ date: null, changes: ['Undated change', null] }, { date: '2013-06-05', changes: null }],
        });
        return;
      case 'slow': {
        const timer = setTimeout(() => answer(envelope(sample, 200, normalData)), options.slowMs ?? 15_000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case 'malformed':
        send(200, format === 'xml' ? '<response><meta><status>200</status></meta><data><issues>' : '{"meta":{"status":200,"message":"Request succ', format === 'xml' ? 'application/xml' : 'application/json');
        return;
      case 'jsonp':
        answer(envelope(sample, 200, normalData), scenario.callback ?? 'callback');
        return;
    }
  });

  function control(request: http.IncomingMessage, response: http.ServerResponse, url: URL): void {
    let text = '';
    request.on('data', (chunk: Buffer) => void (text += chunk.toString()));
    request.on('end', () => {
      const reply = (value: unknown): void => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/__emulator/script') {
        const body = JSON.parse(text || '{}') as Scripted & { times?: number };
        emulator.script(body, body.times ?? 1);
      } else if (url.pathname === '/__emulator/wireless') emulator.setWireless(JSON.parse(text) as typeof wireless);
      else if (url.pathname === '/__emulator/reset') emulator.reset();
      else if (url.pathname === '/__emulator/calls') return reply(calls.map((call) => ({ ...call, query: { ...call.query, ...(call.query['key'] ? { key: '…' } : {}) } })));
      reply({ ok: true });
    });
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  const emulator: CampusEmulator = {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    calls,
    script(next, times = 1) {
      scripted.push({ next, times });
    },
    setWireless(next) {
      wireless = { ...next };
    },
    reset() {
      scripted = [];
      calls.length = 0;
      wireless = { ...initialWireless };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return emulator;
}
