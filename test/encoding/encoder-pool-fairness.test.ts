import { afterEach, describe, expect, it } from 'vitest';
import { EncoderPool } from '../../src/main/services/encoding/offthread/encoder-pool';
import { blackPng, imageDoc } from '../support/hostile-images';
import { ticketDoc } from '../support/service-harness';

let pool: EncoderPool | undefined;
afterEach(async () => {
  await pool?.close();
});

describe('the encoder pool', () => {
  it('keeps a thread for receipts however many logos are queued', { timeout: 60_000 }, async () => {
    pool = new EncoderPool({ threads: 2 });
    const encode = (datos: unknown): Promise<Uint8Array> => (pool as EncoderPool).encode(datos, { safeMode: true });
    await encode(ticketDoc('warm-up'));
    // 12 megapixels, 8 bits: decoding takes a few hundred milliseconds, the heaviest kind of legal job.
    const logo = imageDoc(blackPng(3500, 3500, { depth: 8 }));
    const finished: string[] = [];
    const track = (name: string, job: Promise<Uint8Array>): Promise<void> => job.then(() => void finished.push(name));
    await Promise.all([track('logo-1', encode(logo)), track('logo-2', encode(logo)), track('receipt', encode(ticketDoc('Café 1,50 €')))]);
    expect(finished.indexOf('receipt')).toBeLessThan(finished.indexOf('logo-2'));
    expect(finished).toContain('logo-1');
  });
});
