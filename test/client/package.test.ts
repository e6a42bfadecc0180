import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { withServices } from '../support/service-harness';

const root = path.resolve(__dirname, '../..');
const packageDir = path.join(root, 'clients/js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const startService = withServices();

interface PackReport {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

/** `npm pack` as a POS developer's registry would see it (prepack builds dist/ first). */
function pack(...args: string[]): PackReport {
  const output = execFileSync(npm, ['pack', '--json', ...args], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [report] = JSON.parse(output) as PackReport[];
  if (!report) throw new Error(`npm pack said nothing: ${output}`);
  return report;
}

describe('the @ticketera/client package', () => {
  it('packs dist/ with ESM and its declarations, no sources and no dependencies', () => {
    const report = pack('--dry-run');
    const files = report.files.map((file) => file.path);
    expect(report.name).toBe('@ticketera/client');
    expect(files).toEqual(expect.arrayContaining(['dist/index.mjs', 'dist/index.d.mts', 'dist/client.mjs', 'README.md', 'package.json']));
    expect(files.filter((file) => !file.startsWith('dist/') && file !== 'README.md' && file !== 'package.json')).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['dependencies']).toBeUndefined();
    expect(manifest['exports']).toEqual({
      '.': { types: './dist/index.d.mts', import: './dist/index.mjs' },
      // Node only, for chains printing through an MQTT broker (issue 26): needs the optional peer `mqtt`.
      './fleet': { types: './dist/fleet.d.mts', import: './dist/fleet.mjs' },
      './package.json': './package.json',
    });
  }, 60_000);

  it('works as installed: its types resolve for a TypeScript project and the build prints from Node 20 with `ws`', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-client-pack-'));
    const report = pack('--pack-destination', work);
    const installed = path.join(work, 'node_modules/@ticketera/client');
    fs.mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(work, report.filename), '-C', installed, '--strip-components=1']);

    // A consumer on Node's own resolution (exports → types): wrong options must be errors, so the types are real.
    fs.writeFileSync(
      path.join(work, 'pos.mts'),
      [
        "import { connect, receipt, type PrintResult } from '@ticketera/client';",
        "export const ticket = receipt({ paperWidth: 58 }).text('Hola', { bold: true }).cut().build();",
        "export const sale = (url: string): Promise<PrintResult> => connect(url).print(ticket, { id: 'v-1' });",
        '// @ts-expect-error a misspelt option',
        "receipt().text('Hola', { bol: true });",
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, types: [] }, files: ['pos.mts'] }),
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    expect(() => execFileSync(process.execPath, [tsc, '-p', path.join(work, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' })).not.toThrow();

    // The built code itself, as Node loads it.
    const library = (await import(pathToFileURL(path.join(installed, 'dist/index.mjs')).href)) as typeof import('../../clients/js/src/index.mjs');
    const service = await startService();
    const client = library.connect(service.wsUrl, { WebSocket });
    try {
      const result = await client.print(library.receipt().text('desde el paquete').cut(), { id: 'paquete-1' });
      expect(result).toMatchObject({ id: 'paquete-1', confirmation: 'unknown' });
    } finally {
      client.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
