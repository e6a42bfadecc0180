import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_CAMPUS_KEYS as KEYS, startCampusEmulator, type CampusEmulator } from '../emulators/campus-api/emulator';
import { campusClient, EMULATOR_SLOW_MS, failureOf } from './campus-harness';

let emulator: CampusEmulator;

beforeAll(async () => {
  emulator = await startCampusEmulator({ slowMs: EMULATOR_SLOW_MS });
});
afterEach(() => emulator.reset());
afterAll(() => emulator.close());

describe('CampusClient against the emulator over HTTP', () => {
  it('reads the wireless count and the changelog in both formats into the same result, sending the key only to wireless', async () => {
    emulator.setWireless({ count: 37, last_updated: '2025-03-01T06:00:00-05:00' });
    const client = campusClient(emulator.url, KEYS.good);
    const json = await client.wireless('json');
    const xml = await client.wireless('xml');
    expect(json.data).toEqual({ count: 37, lastUpdated: '2025-03-01T06:00:00-05:00' });
    expect(xml.data).toEqual(json.data);
    expect((await client.changelog('xml')).data).toEqual((await client.changelog('json')).data);
    expect(emulator.calls.map((call) => [call.path, call.query['key']])).toEqual([
      ['/v2/wireless/auth.json', KEYS.good],
      ['/v2/wireless/auth.xml', KEYS.good],
      ['/v2/api/changelog.xml', undefined],
      ['/v2/api/changelog.json', undefined],
    ]);
  });

  it('accepts a JSONP answer the server sends unasked, and a base address given with /v2', async () => {
    expect((await campusClient(emulator.url, KEYS.jsonp).wireless()).data.count).toBe(0);
    expect((await campusClient(`${emulator.url}/v2/`, KEYS.good).changelog()).meta.methodId).toBe(1117);
  });

  it('turns every code of the service list into its own kind, even with HTTP 200, and never retries them', async () => {
    const cases: Array<[string | undefined, string, number]> = [
      [KEYS.noData, 'no-data', 204],
      ['not-a-real-key-7f3a9c', 'key-invalid', 401],
      [KEYS.banned, 'key-banned', 403],
      [KEYS.limited, 'limit-reached', 429],
    ];
    for (const [key, kind, code] of cases) {
      const failure = await failureOf(campusClient(emulator.url, key).wireless());
      expect(failure, String(key)).toMatchObject({ kind, code });
      if (key) expect(failure.text).not.toContain(key);
    }
    emulator.script({ kind: 'status', code: 511 });
    expect(await failureOf(campusClient(emulator.url, KEYS.good).wireless())).toMatchObject({ kind: 'key-required', code: 511 });
    emulator.script({ kind: 'status', code: 501 });
    expect(await failureOf(campusClient(emulator.url, undefined).changelog())).toMatchObject({ kind: 'invalid-method', code: 501 });
    emulator.script({ kind: 'status', code: 418 });
    expect(await failureOf(campusClient(emulator.url, undefined).changelog())).toMatchObject({ kind: 'unexpected-status', code: 418 });
    // One request per call: a refusal with a code is an answer, not a hiccup.
    expect(emulator.calls).toHaveLength(cases.length + 3);
  });

  it('fails with key-missing before sending anything when there is no key, but the changelog needs none', async () => {
    expect(await failureOf(campusClient(emulator.url, undefined).wireless())).toMatchObject({ kind: 'key-missing' });
    expect(emulator.calls).toHaveLength(0);
    expect((await campusClient(emulator.url, undefined).changelog()).data.length).toBeGreaterThan(0);
  });

  it('says a malformed body is unreadable, a slow answer timed out, and a closed port refused — each its own kind', async () => {
    expect(await failureOf(campusClient(emulator.url, KEYS.malformed).wireless('json'))).toMatchObject({ kind: 'unreadable-body' });
    expect(await failureOf(campusClient(emulator.url, KEYS.malformed).wireless('xml'))).toMatchObject({ kind: 'unreadable-body' });
    const slow = await failureOf(campusClient(emulator.url, KEYS.slow).wireless());
    expect(slow.kind).toBe('timeout');
    expect(slow.text).not.toContain(KEYS.slow);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(campusClient(`http://127.0.0.1:${port}`, KEYS.good).wireless())).toMatchObject({ kind: 'refused' });
  });

  it('retries a server error without an envelope, then reads the answer', async () => {
    emulator.script({ kind: 'http', status: 503 });
    expect((await campusClient(emulator.url, KEYS.good).wireless()).data.count).toBe(0);
    expect(emulator.calls.map((call) => call.status)).toEqual([503, 200]);
  });

  it('stops reading a body larger than the bound', async () => {
    expect(await failureOf(campusClient(emulator.url, undefined, 512).changelog())).toMatchObject({ kind: 'body-too-large' });
  });
});
