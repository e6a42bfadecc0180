import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resultTextOf } from '../../../src/shared/job-error';
import { EncoderPool } from '../../../src/main/services/encoding/offthread/encoder-pool';
import { createSystemPrinterCatalog } from '../../../src/main/platform/system-printers';
import { createTransportFactory } from '../../../src/main/platform/transport-factory';
import { report } from './report';

/**
 * One-shot printing under Wine, composed as the service composes it minus the journal (better-sqlite3 has no
 * Windows binary from the registry): the printer is resolved by the system catalog (winspool), the documents are
 * encoded on the encoder threads (out/main/encode-worker.js as built: code pages, pictures, the text engine's
 * Windows binary) and sent through the winspool transport. Each document's bytes are also written to OUT_DIR.
 * Usage: print-once PRINTER OUT_DIR DOC.json…
 */
async function main([printer = '', outDir = '', ...documents]: string[]): Promise<void> {
  const pool = new EncoderPool({ threads: 2 });
  try {
    const uri = await createSystemPrinterCatalog({ platform: 'win32' }).resolve(printer);
    // Encoded at the same time, so both threads start and work.
    const encoded = await Promise.all(documents.map(async (file) => pool.encode(JSON.parse(fs.readFileSync(file, 'utf8')), { safeMode: true })));
    const transport = createTransportFactory({ virtualDir: os.tmpdir() })(uri);
    const sent: number[] = [];
    for (const [index, bytes] of encoded.entries()) {
      fs.writeFileSync(path.join(outDir, `${path.basename(documents[index] ?? '', '.json')}.bin`), bytes);
      await transport.send({ id: `once-${index}`, bytes });
      sent.push(bytes.length);
    }
    report({ uri, sent });
  } catch (error) {
    report({ error: resultTextOf(error) });
  } finally {
    await pool.close();
  }
}

void main(process.argv.slice(2));
