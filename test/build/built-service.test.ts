import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { TestClient } from '../support/ws-client';

// The build `npm run build` makes; TICKETERA_BUILT_CLI names another one (a build of the tree kept elsewhere).
const BUILT_CLI = process.env.TICKETERA_BUILT_CLI ?? path.resolve(__dirname, '..', '..', 'out', 'main', 'cli.js');
const built = fs.existsSync(BUILT_CLI);
// CI builds before testing, so there a missing build is a failure, not a skip.
const describeBuilt = built || process.env.CI === 'true' ? describe : describe.skip;

let running: ServiceProcess | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
});

describeBuilt(`the built service (out/main/cli.js${built ? '' : ': not built, run npm run build'})`, () => {
  it('prints through its encoder thread and serves the built window', async () => {
    const dataDir = tempDir();
    running = await spawnService(['--data-dir', dataDir, '--printer', 'virtual'], 20_000, BUILT_CLI);
    const client = await TestClient.open(`ws://127.0.0.1:${running.port}/ws`);
    client.send({
      tipo: 'ticket',
      id: 'construido',
      datos: { version: '1.0', profile: { model: 'epson', paper_width: 58 }, commands: [{ type: 'text', data: { text: '¡Hola! 3,50 €' } }, { type: 'qr', data: { data: 'ticketera' } }] },
    });
    expect(await client.next('result')).toMatchObject({ id: 'construido', status: 'success' });
    const png = PNG.sync.read(fs.readFileSync(path.join(dataDir, 'virtual-printer', 'construido.png')));
    expect(png.width).toBe(384);
    const page = await (await fetch(`http://127.0.0.1:${running.port}/`)).text();
    expect(page).toContain('<div id="root"></div>');
    client.close();
  });
});
