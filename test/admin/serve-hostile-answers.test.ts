import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ANSWER_LIMIT, JSON_ANSWER_LIMIT } from '../../src/main/services/http/answer-limits';
import { healthWhile, repeatTo, startBytesServer, type BytesServer } from '../support/event-loop-stall';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { ADMIN_KEY } from './admin-harness';

/**
 * Issue 20 item 3 in `serve`: while the window's admin or translation call reads a hostile answer (16 MiB of nested
 * lists from the admin service, 4 MiB of empty objects as the language list), `/health` keeps answering at once.
 * Before, the admin one held serve for seconds and the language list for a few hundred ms.
 */
/** As for the campus (campus-serve-hostile): across processes, on 2 busy shared cores. */
const HEALTH_BOUND_MS = 300;

const BODIES: Record<string, Buffer> = {
  '/v2/admin/developer-keys': Buffer.from(`${'['.repeat(ADMIN_ANSWER_LIMIT / 2 - 1)}${']'.repeat(ADMIN_ANSWER_LIMIT / 2 - 1)}`),
  '/v2/languages': Buffer.from(`[${repeatTo('{},', JSON_ANSWER_LIMIT - 8)}{}]`),
};

let server: BytesServer;
let service: ServiceProcess | undefined;
beforeAll(async () => {
  server = await startBytesServer((url) => ({ body: BODIES[url.pathname] ?? Buffer.from('{"message":"Not found"}'), status: BODIES[url.pathname] ? 200 : 404 }));
});
afterEach(async () => {
  // A service stuck in a parse does not stop on SIGTERM: it is killed.
  service?.child.kill('SIGKILL');
  if (service) await service.exited;
  service = undefined;
});
afterAll(() => server.close());

/** POST /api/<method> as the window does: the whole reply. */
function api(port: number, method: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: `/api/${method}`, method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', reject);
    request.end('{}');
  });
}

describe('serve reading hostile admin and translation answers (issue 20 item 3)', () => {
  it('keeps answering /health at once, and the window is told the answer was unreadable', { timeout: 240_000 }, async () => {
    service = await spawnService(['--data-dir', tempDir('ticketera-serve-hostile-'), '--printer', 'virtual'], 30_000, undefined, {
      env: { TICKETERA_ADMIN_KEY: ADMIN_KEY, TICKETERA_ADMIN_URL: server.url, TICKETERA_TRANSLATION_KEY: 'serve-hostile-key-51c2e0:fx', TICKETERA_TRANSLATION_URL: server.url },
    });
    const { port } = service;
    for (const method of ['adminListKeys', 'translationLanguages']) {
      const longest: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const { value, longest: ms } = await healthWhile(port, () => api(port, method));
        expect(value, method).toContain('"kind":"bad-response"');
        longest.push(Math.round(ms));
      }
      console.log(`serve ${method}: longest /health ${longest.join(', ')} ms`);
      expect(Math.min(...longest), `${method}: longest /health ${longest.join(', ')} ms`).toBeLessThan(HEALTH_BOUND_MS);
    }
  });
});
