import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listPackage } from '@electron/asar';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/service-harness';

const root = path.resolve(__dirname, '../..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const ALLOWED_TOP_LEVEL = ['node_modules', 'out', 'package.json', 'resources'];
const DEV_ONLY = ['electron', 'vite', 'react', 'react-dom', 'vitest', 'typescript', '@playwright/test', 'electron-builder', 'esbuild', 'zustand'];

/**
 * The installer cannot be built here (no Electron binary, no Windows), so the same configuration packs an unpacked
 * Linux app around a stub Electron executable: electron-builder applies the very `files` allow-list and
 * `asarUnpack` rules the Windows build uses, and the asar it writes is inspected file by file.
 */
describe('packaging', () => {
  let appDir: string;
  let files: string[];

  beforeAll(() => {
    execFileSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'pipe' });
    const stub = tempDir('ticketera-stub-electron-');
    fs.writeFileSync(path.join(stub, 'electron'), '#!/bin/sh\necho stub\n', { mode: 0o755 });
    const output = tempDir('ticketera-pack-');
    execFileSync(
      bin('electron-builder'),
      ['--linux', '--dir', '--x64', `-c.electronDist=${stub}`, '-c.npmRebuild=false', `-c.directories.output=${output}`, '--publish=never'],
      { cwd: root, stdio: 'pipe', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } },
    );
    appDir = path.join(output, 'linux-unpacked', 'resources');
    files = listPackage(path.join(appDir, 'app.asar'), { isPack: false }).map((file) => file.split(path.sep).join('/'));
  }, 180_000);

  it('validates electron-builder.yml offline against the builder schema', async () => {
    const config = await getConfig(root, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config).toMatchObject({
      appId: expect.stringMatching(/^[a-z]+(\.[a-z]+)+$/),
      productName: 'Ticketera',
      asarUnpack: expect.arrayContaining(['**/*.node']),
      nsis: { oneClick: false, perMachine: true, allowToChangeInstallationDirectory: true },
      win: { target: [{ target: 'nsis', arch: ['x64'] }], icon: 'resources/icon.png' },
    });
    await expect(validateConfiguration({ ...config, nsis: { oneClik: false } as never }, new DebugLogger(false))).rejects.toThrow('Invalid configuration');
  });

  it('puts only the allow-listed files at the asar root', () => {
    const topLevel = new Set(files.map((file) => file.split('/')[1]));
    expect([...topLevel].sort()).toEqual(ALLOWED_TOP_LEVEL);
    for (const required of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/cli.js',
      '/out/preload/index.js',
      '/out/renderer/index.html',
      '/resources/icon.png',
      '/resources/tray/ok.png',
      '/resources/tray/warning.png',
      '/resources/tray/error.png',
    ]) {
      expect(files).toContain(required);
    }
  });

  it('ships no sources, maps, tests or development packages', () => {
    const own = files.filter((file) => !file.startsWith('/node_modules/'));
    expect(own.filter((file) => /\.(ts|tsx|map)$/.test(file))).toEqual([]);
    expect(files.filter((file) => /^\/(src|test|e2e|bench|scripts|docs|\.tmp|dist)(\/|$)/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const packages = new Set(files.filter((file) => file.startsWith('/node_modules/')).map((file) => file.split('/').slice(2, file.split('/')[2]?.startsWith('@') ? 4 : 3).join('/')));
    for (const dev of DEV_ONLY) expect(packages.has(dev), dev).toBe(false);
    for (const runtime of ['better-sqlite3', 'ws', 'ajv', 'koffi', 'usb', 'node-thermal-printer', 'pngjs', 'qrcode']) expect(packages.has(runtime), runtime).toBe(true);
  });

  it('unpacks every native module next to the asar', () => {
    const natives = files.filter((file) => file.endsWith('.node'));
    expect(natives.some((file) => file.includes('better_sqlite3.node'))).toBe(true);
    for (const native of natives) expect(fs.existsSync(path.join(appDir, 'app.asar.unpacked', native)), native).toBe(true);
  });

  it('points package.json main at the bundled entry and the page at assets that exist', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string; type?: string };
    expect(files).toContain(`/${path.posix.normalize(manifest.main)}`);
    expect(manifest.type).toBeUndefined();
    const html = fs.readFileSync(path.join(root, 'out/renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((match) => `/out/renderer/${match[1]}`);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(files).toContain(asset);
    expect(html).toContain('Content-Security-Policy');
  });

  it('bundles the preload as CommonJS that needs nothing but electron (sandboxed preloads cannot require more)', () => {
    const preload = fs.readFileSync(path.join(root, 'out/preload/index.js'), 'utf8');
    expect([...new Set(preload.match(/require\("[^"]+"\)/g))]).toEqual(['require("electron")']);
    expect(preload).not.toMatch(/^\s*import\s/m);
    expect(preload).toContain('exposeInMainWorld');
  });
});
