import { parseArgs } from 'node:util';
import { EMULATOR_CAMPUS_KEYS, startCampusEmulator } from './emulator';

/**
 * Standalone campus open-data emulator, for the window by hand and the CLI:
 *   npx tsx test/emulators/campus-api/main.ts --port 8788 [--slow-ms N] [--count N]
 * The key picks the behaviour (see EMULATOR_CAMPUS_KEYS). Control: POST /__emulator/script {"kind":"status","code":403}
 * (or {"kind":"malformed"}, {"kind":"slow"}, {"kind":"nulls"}, {"kind":"http","status":503}, "times": N),
 * POST /__emulator/wireless {"count":12,"last_updated":"…"}, GET /__emulator/calls, POST /__emulator/reset.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8788' },
      host: { type: 'string', default: '127.0.0.1' },
      'slow-ms': { type: 'string', default: '15000' },
      count: { type: 'string' },
    },
  });
  const emulator = await startCampusEmulator({
    port: Number(values.port),
    host: values.host,
    slowMs: Number(values['slow-ms']),
    ...(values.count !== undefined ? { wireless: { count: Number(values.count), last_updated: new Date(Date.now() - 3 * 3_600_000).toISOString() } } : {}),
  });
  process.stdout.write(`Campus open-data emulator on ${emulator.url}\nKeys:\n${Object.entries(EMULATOR_CAMPUS_KEYS).map(([name, key]) => `  ${name.padEnd(10)} ${key}`).join('\n')}\n`);
  const stop = (): void => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
