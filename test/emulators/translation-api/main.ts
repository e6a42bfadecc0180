import { parseArgs } from 'node:util';
import { EMULATOR_KEYS, startTranslationEmulator } from './emulator';

/**
 * Standalone emulator for the window's end-to-end tests and for trying the CLI by hand:
 *   npx tsx test/emulators/translation-api/main.ts --port 8787 [--key K] [--queued-ms N] [--translating-ms N]
 * Control: POST /__emulator/fail {"status":429,"times":2,"retryAfter":"1"}, POST /__emulator/delay {"ms":3000},
 * POST /__emulator/stream {"bytes":1073741824,"suffix":"/result"} (a huge answer, streamed lazily),
 * GET /__emulator/requests, POST /__emulator/reset.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      key: { type: 'string', multiple: true },
      'queued-ms': { type: 'string', default: '1000' },
      'translating-ms': { type: 'string', default: '5000' },
    },
  });
  const keys = values.key && values.key.length > 0 ? values.key : EMULATOR_KEYS;
  const emulator = await startTranslationEmulator({
    port: Number(values.port),
    host: values.host,
    keys,
    documentTiming: { queuedMs: Number(values['queued-ms']), translatingMs: Number(values['translating-ms']) },
    glossaries: [{ glossary_id: 'cafe-glossary', name: 'Café', dictionaries: [{ source_lang: 'es', target_lang: 'en', entries: { Cortado: 'Cortado' } }] }],
  });
  process.stdout.write(`Translation API emulator on ${emulator.url} (keys: ${keys.join(', ')})\n`);
  const stop = (): void => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
