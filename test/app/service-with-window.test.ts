import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRendererBuild, startServiceWithWindow } from '../../src/main/services/app-api/service-with-window';
import { tempDir } from '../support/service-harness';

describe('the CLI service with the window', () => {
  it('keeps the flags over saved settings and serves the API', async () => {
    const dataDir = tempDir('ticketera-cli-window-');
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, settings: { queueCapacity: 5 }, secrets: {} }));
    const host = await startServiceWithWindow({ overrides: { host: '127.0.0.1', port: 0, dataDir, queueCapacity: 42 }, fixedBy: { queueCapacity: '--queue-capacity' } });
    try {
      const response = await fetch(`http://127.0.0.1:${host.running().address.port}/api/getStatus`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      expect(await response.json()).toMatchObject({ ok: true, value: { queueText: 'Queue: 0/42' } });
    } finally {
      await host.stop();
    }
  });

  it('finds out/renderer from the bundled CLI and from the sources', () => {
    const project = tempDir('ticketera-project-');
    fs.mkdirSync(path.join(project, 'out', 'renderer'), { recursive: true });
    fs.mkdirSync(path.join(project, 'out', 'main'), { recursive: true });
    fs.mkdirSync(path.join(project, 'src', 'main', 'cli', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(project, 'out', 'renderer', 'index.html'), '<!doctype html>');
    expect(findRendererBuild(path.join(project, 'out', 'main'))).toBe(path.join(project, 'out', 'renderer'));
    expect(findRendererBuild(path.join(project, 'src', 'main', 'cli', 'commands'))).toBe(path.join(project, 'out', 'renderer'));
    expect(findRendererBuild(tempDir('ticketera-nothing-'))).toBeUndefined();
  });
});
