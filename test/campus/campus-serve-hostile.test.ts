import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAMPUS_FILE } from '../../src/main/services/app-api/campus-host';
import { startEchoServer, type EchoServer } from '../redaction/echo-server';
import { keyForms } from '../redaction/key-forms';
import { healthLatency } from '../support/event-loop-stall';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';

let service: ServiceProcess | undefined;
const servers: EchoServer[] = [];

afterEach(async () => {
  // A service stuck in a parse does not stop on SIGTERM: it is killed.
  service?.child.kill('SIGKILL');
  if (service) await service.exited;
  service = undefined;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function echo(reply: Parameters<typeof startEchoServer>[0]): Promise<EchoServer> {
  const server = await startEchoServer(reply);
  servers.push(server);
  return server;
}


/** POST /api/<method> as the window does; the method's answer (the `value` of an ok reply). */
function api(port: number, method: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: `/api/${method}`, method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ok: boolean; value?: unknown };
        if (reply.ok) resolve(reply.value);
        else reject(new Error(`${method} failed: ${JSON.stringify(reply)}`));
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('serve with a hostile campus server (issue 20 item 3)', () => {
  it('keeps answering /health while the background refresh reads an answer built to make a parser backtrack', { timeout: 90_000 }, async () => {
    // `a()`, spaces, `x`: the old JSONP pattern took minutes on this (1 MiB, the most a campus answer may be).
    const body = `a()${' '.repeat(1024 * 1024 - 4)}x`;
    const campus = await echo(() => ({ status: 200, body }));
    const dataDir = tempDir('ticketera-campus-hostile-');
    service = await spawnService(['--data-dir', dataDir, '--printer', 'virtual'], 30_000, undefined, {
      env: { TICKETERA_CAMPUS_KEY: 'campus-hostile-key-0001', TICKETERA_CAMPUS_URL: campus.url },
    });
    const { port } = service;
    await campus.answered(1);
    const latencies: number[] = [];
    for (const until = Date.now() + 3_000; Date.now() < until; await sleep(25)) latencies.push(await healthLatency(port));
    expect(Math.max(...latencies), `/health latencies: ${latencies.map((ms) => Math.round(ms)).join(' ')}`).toBeLessThan(300);
    await expect.poll(() => api(port, 'campusStatus'), { timeout: 10_000 }).toMatchObject({ lastFailure: { reason: 'campus', problem: 'unreadable-body' } });
  });
});

describe('serve with servers that echo the key (issue 20 item 7)', () => {
  it('keeps every form of the campus and translation keys out of the window answers, campus-wireless.json and the log', { timeout: 90_000 }, async () => {
    const campusKey = 'campus-echo-key-7f3a91c2';
    const translationKey = 'translation-echo-key-4c1d9e77:fx';
    const campusForms = Object.values(keyForms(campusKey));
    const translationForms = Object.values(keyForms(translationKey));
    let campusMode: 'refused' | 'busy' = 'refused';
    const campus = await echo(() =>
      campusMode === 'refused'
        ? { status: 200, body: JSON.stringify({ meta: { status: 599, message: `key ${campusForms.join(' ')} refused` }, data: [] }) }
        : { status: 503, headers: { 'X-Trace-ID': `${campusForms.join('|')}|${'t'.repeat(2_000)}` } },
    );
    const translation = await echo(() => ({
      status: 503,
      headers: { 'X-Trace-ID': translationForms.join('|'), 'Retry-After': '0' },
      body: JSON.stringify({ message: `busy: ${translationForms.join(' ')}` }),
    }));
    const dataDir = tempDir('ticketera-campus-echo-');
    service = await spawnService(['--data-dir', dataDir, '--printer', 'virtual'], 30_000, undefined, {
      env: { TICKETERA_CAMPUS_KEY: campusKey, TICKETERA_CAMPUS_URL: campus.url, TICKETERA_TRANSLATION_KEY: translationKey, TICKETERA_TRANSLATION_URL: translation.url },
    });
    const { port } = service;
    const kept = (): string => fs.readFileSync(path.join(dataDir, CAMPUS_FILE), 'utf8');
    const expectNoKey = (text: string, what: string): void => {
      for (const form of [...campusForms, ...translationForms]) expect(text, `${what} shows ${form}`).not.toContain(form);
    };

    // The service's own refusal (meta.status 599) quotes the key in its message.
    await expect.poll(() => api(port, 'campusStatus'), { timeout: 10_000 }).toMatchObject({ lastFailure: { reason: 'campus', problem: 'unexpected-status', code: 599 } });
    const refused = JSON.stringify(await api(port, 'campusStatus'));
    expect(refused).toContain('[redacted]');
    expectNoKey(refused, 'the window answer');
    expectNoKey(kept(), CAMPUS_FILE);

    // A busy server echoes it in X-Trace-ID, 2 KB long.
    campusMode = 'busy';
    const busy = (await api(port, 'campusRefresh')) as { lastFailure: { failure: { kind: string; traceId: string } } };
    expect(busy.lastFailure.failure.kind).toBe('server');
    expect(busy.lastFailure.failure.traceId).toContain('[redacted]');
    expect(busy.lastFailure.failure.traceId.length).toBeLessThanOrEqual(300);
    expectNoKey(JSON.stringify(busy), 'the window answer');
    expectNoKey(kept(), CAMPUS_FILE);

    // The translation service answers 503 (retried, each retry logged) with the key in its trace ID and message.
    const languages = JSON.stringify(await api(port, 'translationLanguages'));
    expect(languages).toContain('"kind":"server"');
    expectNoKey(languages, 'the window answer');
    expect(translation.requests.length).toBeGreaterThan(1);
    expect(service.output()).toContain('retrying');
    expectNoKey(service.output(), 'the log');
  });
});
