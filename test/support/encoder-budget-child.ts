// A print service in its own process, with a small encoder heap, answering a ticket that needs more memory and a
// receipt after it: the test reads the two `result` texts from stdout. Its own process, so that if a thread running
// out of memory ever took the process down (see EncoderThread) the test sees that instead of dying with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrintService } from '../../src/main/service-host';
import { defaultConfig } from '../../src/main/services/service-config';
import { TestClient } from './ws-client';

async function main(): Promise<void> {
  const encoderHeapMb = Number(process.argv[2]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-heap-'));
  const config = { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir, printer: 'virtual', maxFrameBytes: 32 * 1024 * 1024 };
  const running = await startPrintService(config, { printerDiscovery: [], jobLimits: { encoderHeapMb }, encoderThreads: 1 });
  const client = await TestClient.open(`ws://127.0.0.1:${running.address.port}/ws`);
  const commands = Array.from({ length: 60_000 }, (_, index) => ({
    type: 'text',
    data: { text: `línea ${index}`, bold: index % 2 === 0, align: 'center', size: { width: 1, height: 1 } },
  }));
  client.send({ tipo: 'ticket', id: 'heavy', datos: { version: '1.0', commands } });
  client.send({ tipo: 'ticket', id: 'after', datos: { version: '1.0', commands: [{ type: 'text', data: { text: 'Hola' } }] } });
  const heavy = await client.next('result', (message) => message.id === 'heavy', 60_000);
  const after = await client.next('result', (message) => message.id === 'after', 60_000);
  process.stdout.write(`${JSON.stringify({ heavy: heavy.mensaje, after: after.status })}\n`);
  client.close();
  await running.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
