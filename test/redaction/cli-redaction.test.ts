import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startCli, type CliRun } from '../support/cli-process';
import { startEchoServer, type EchoReply, type EchoRequest, type EchoServer } from './echo-server';
import { keyForms } from './key-forms';

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-redaction-cli-'));
const servers: EchoServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

async function echo(reply: (request: EchoRequest) => EchoReply): Promise<EchoServer> {
  const server = await startEchoServer(reply);
  servers.push(server);
  return server;
}

const run = (args: string[], env: Record<string, string>): Promise<CliRun> => startCli(args, { XDG_DATA_HOME: home, ...env }).done;

/** Everything the command printed, and every file it left in its data folder. */
function everything(result: CliRun): string {
  const files = fs.existsSync(home) ? fs.readdirSync(home, { recursive: true, encoding: 'utf8' }).map((name) => path.join(home, name)) : [];
  const stored = files.filter((file) => fs.statSync(file).isFile()).map((file) => fs.readFileSync(file, 'utf8'));
  return [result.stdout, result.stderr, ...stored].join('\n');
}

function expectNoKey(text: string, key: string): void {
  for (const [name, form] of Object.entries(keyForms(key))) expect(text, `the ${name} form of the key`).not.toContain(form);
}

/** Every form of the key in one trace ID: old code printed it as sent. */
const tracing = (key: string, extra = ''): Record<string, string> => ({ 'X-Trace-ID': `${Object.values(keyForms(key)).join('|')}${extra}` });

describe('the campus CLI with a server that echoes the key (issue 20 item 7)', () => {
  const key = 'campus-cli-echo-key-81f3';
  const campusEnv = (server: EchoServer): Record<string, string> => ({ TICKETERA_CAMPUS_KEY: key, TICKETERA_CAMPUS_URL: server.url });
  const envelope = (meta: Record<string, unknown>, data: unknown): string => JSON.stringify({ meta: { status: 200, ...meta }, data });

  it('prints neither the key in the trace ID of a refusal nor in the percent-encoded message of a 400', async () => {
    const server = await echo(() => ({ status: 400, headers: tracing(key), body: JSON.stringify({ message: `bad key ${keyForms(key).percentUpper}` }) }));
    const result = await run(['campus', 'wireless'], campusEnv(server));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Trace ID for support: [redacted]');
    expectNoKey(everything(result), key);
  });

  it('prints the field it cannot read without the key, whichever form it came in', async () => {
    for (const form of [key, keyForms(key).percentLower]) {
      const server = await echo(() => ({ status: 200, body: envelope({}, { issues: { count: `is ${form}`, last_updated: null } }) }));
      const result = await run(['campus', 'wireless'], campusEnv(server));
      expect(result.stderr).toContain('The campus service sent an answer Ticketera cannot read (answer.data.issues.count is "is [redacted]"');
      expectNoKey(everything(result), key);
    }
  });

  it("caps what the service says: its message quoting the key and a 5,000-character trace ID", async () => {
    const forms = Object.values(keyForms(key)).join(' ');
    const server = await echo(() => ({ status: 200, headers: { 'X-Trace-ID': 't'.repeat(5_000) }, body: envelope({ status: 599, message: `${forms} ${'m'.repeat(3_000)}` }, []) }));
    const refused = await run(['campus', 'wireless'], campusEnv(server));
    expect(refused.stderr).toMatch(/^The campus service answered with code 599 \("[^"]*\[redacted\][^"]*…"\)\. Try again later\.\n$/);
    expect(refused.stderr.length).toBeLessThan(400);
    expectNoKey(everything(refused), key);
    const busy = await echo(() => ({ status: 503, headers: { 'X-Trace-ID': `${key}${'t'.repeat(5_000)}` } }));
    const failed = await run(['campus', 'wireless'], campusEnv(busy));
    const trace = failed.stderr.split('\n').find((line) => line.startsWith('Trace ID for support: '));
    expect(trace?.length).toBeLessThanOrEqual('Trace ID for support: '.length + 300);
    expectNoKey(everything(failed), key);
  });

  it('prints the changelog and its JSON with every echoed key removed', async () => {
    const forms = Object.values(keyForms(key)).join(' ');
    const server = await echo(() => ({ status: 200, body: envelope({ message: forms, version: 2 }, [{ date: '2025-01-01', changes: [`Key ${forms}`] }]) }));
    const text = await run(['campus', 'changelog'], campusEnv(server));
    expect(text.stdout).toContain('  - Key [redacted]');
    const json = await run(['campus', 'changelog', '--json'], campusEnv(server));
    expect(json.code).toBe(0);
    expectNoKey(everything(text) + everything(json), key);
  });
});

describe('the admin and translation CLIs with a server that echoes the key (issue 20 item 7)', () => {
  it('admin: neither the trace ID nor the percent-encoded copy in a 400 message shows the key', async () => {
    const key = 'admin-cli-echo-key-0d9e4b27';
    const server = await echo(() => ({ status: 400, headers: tracing(key), body: JSON.stringify({ message: `Invalid key ${keyForms(key).percentLower} (${keyForms(key).base64})` }) }));
    const result = await run(['admin', 'keys'], { TICKETERA_ADMIN_KEY: key, TICKETERA_ADMIN_URL: server.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The admin service refused the request: Invalid key [redacted]');
    expect(result.stderr).toContain('Trace ID for support: [redacted]');
    expectNoKey(everything(result), key);
  });

  it('translate: neither the trace ID nor the percent-encoded copy in a 400 message shows the key', async () => {
    const key = 'translation-cli-echo-key-6a0f:fx';
    const server = await echo(() => ({ status: 400, headers: tracing(key), body: JSON.stringify({ message: `Invalid key ${keyForms(key).uriComponent}` }) }));
    const result = await run(['translate', '--to', 'DE', 'Hola'], { TICKETERA_TRANSLATION_KEY: key, TICKETERA_TRANSLATION_URL: server.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid key [redacted]');
    expect(result.stderr).toContain('Trace ID for support: [redacted]');
    expectNoKey(everything(result), key);
  });

  it("translate-document: the document's error_message quoting the key is shown and kept without it", async () => {
    const key = 'translation-doc-echo-key-93b1:fx';
    const forms = Object.values(keyForms(key)).join(' ');
    const server = await echo((request) => {
      const headers = tracing(key);
      if (request.url.pathname === '/v2/languages') {
        const target = request.url.searchParams.get('type') === 'target';
        return { status: 200, headers, body: JSON.stringify([target ? { language: 'DE', name: 'German', supports_formality: true } : { language: 'ES', name: 'Spanish' }]) };
      }
      if (request.url.pathname === '/v2/document') return { status: 200, headers, body: JSON.stringify({ document_id: 'doc-1', document_key: 'doc-key-1' }) };
      if (request.url.pathname === '/v2/document/doc-1') return { status: 200, headers, body: JSON.stringify({ document_id: 'doc-1', status: 'error', error_message: `Key ${forms} may not translate` }) };
      return { status: 404, headers, body: '{}' };
    });
    const file = path.join(home, 'menu.txt');
    fs.writeFileSync(file, 'Hola');
    const result = await run(['translate-document', file, '--to', 'DE'], { TICKETERA_TRANSLATION_KEY: key, TICKETERA_TRANSLATION_URL: server.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The service could not translate the document: Key [redacted]');
    expectNoKey(everything(result), key);
  });
});
