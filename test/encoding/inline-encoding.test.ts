import { afterEach, describe, expect, it } from 'vitest';
import { JobError } from '../../src/shared/job-error';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { EncoderPool } from '../../src/main/services/encoding/offthread/encoder-pool';
import { ticketDoc } from '../support/service-harness';

/**
 * Issue 25: a warm encoder thread costs ~15 MB on Node 22 for a shop that prints a receipt now and then. Small plain
 * receipts are encoded on the service's own thread while no thread runs and the till is not busy; the bytes are the
 * same, errors are the same, and anything else (a picture, text drawn as an image, a busy till) still gets a thread.
 */
let pool: EncoderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const cafe = {
  version: '1.0',
  commands: [
    { type: 'text', data: { text: 'Cafetería Ñandú', align: 'center', bold: true } },
    { type: 'table', data: { columns: [{ header: 'Producto' }, { header: 'Total', align: 'right' }], rows: [['Café con leche', '1,50 €'], ['Tostada', 2.2]] } },
    { type: 'qr', data: { data: 'https://example.com/ticket/42' } },
    { type: 'cut' },
  ],
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(JobError);
  return String((error as JobError).message);
}

describe('small plain receipts without an encoder thread', () => {
  it('encodes a quiet till\'s receipt on the service\'s thread, byte for byte as the encoder does, and starts no thread', async () => {
    pool = new EncoderPool({ threads: 2 });
    const bytes = await pool.encode(cafe, { safeMode: true });
    expect(Buffer.from(bytes)).toEqual(Buffer.from(encodeDocument(cafe, { safeMode: true })));
    expect(pool.threadCount).toBe(0);
    expect(pool.inlineCount).toBe(1);
  });

  it('starts a thread when the till gets busy, and every receipt of the burst prints the same', async () => {
    pool = new EncoderPool({ threads: 2 });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, index) => pool!.encode(ticketDoc(`Mesa ${index}`), { safeMode: true })));
    expect(pool.threadCount).toBe(1);
    burst.forEach((bytes, index) => expect(Buffer.from(bytes)).toEqual(Buffer.from(encodeDocument(ticketDoc(`Mesa ${index}`), { safeMode: true }))));
    // Once the thread is up, the till's receipts go to it.
    await expect.poll(async () => {
      const before = pool!.inlineCount;
      await pool!.encode(ticketDoc('Siguiente'), { safeMode: true });
      return pool!.inlineCount === before;
    }).toBe(true);
  });

  it('sends text that is printed as an image (Chinese) to a thread, so the text engine never loads on the service\'s thread', async () => {
    pool = new EncoderPool({ threads: 2 });
    await pool.encode(ticketDoc('感谢您的光临'), { safeMode: true });
    expect(pool.inlineCount).toBe(0);
    expect(pool.threadCount).toBe(1);
  });

  it('refuses a broken receipt with the same words inline as on a thread', async () => {
    const broken = { version: '1.0', commands: [{ type: 'text', data: { text: 'Total', size: { width: 9 } } }] };
    pool = new EncoderPool({ threads: 2 });
    const inline = await refusal(pool.encode(broken, { safeMode: true }));
    expect(pool.inlineCount).toBe(1);
    // A picture-free Chinese line starts a thread; the same broken receipt then goes to it.
    await pool.encode(ticketDoc('感谢'), { safeMode: true });
    const onThread = await refusal(pool.encode(broken, { safeMode: true }));
    expect(pool.inlineCount).toBe(1);
    expect(inline).toBe(onThread);
    expect(inline).toMatch(/^VALIDATION: /);
  });
});
