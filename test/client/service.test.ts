import { PNG } from 'pngjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, receipt, type Ack, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { withServices, type TestService } from '../support/service-harness';

const startService = withServices();
const clients: TicketeraClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

const open = (service: TestService, token?: string): TicketeraClient => {
  const client = connect(service.wsUrl, { WebSocket, ...(token !== undefined ? { token } : {}) });
  clients.push(client);
  return client;
};

/** A small black square as a base64 PNG, so the builder's image command goes through the real decoder. */
function logo(): string {
  const png = new PNG({ width: 16, height: 16 });
  png.data.fill(0);
  for (let index = 3; index < png.data.length; index += 4) png.data[index] = 255;
  return PNG.sync.write(png).toString('base64');
}

describe('the client library against the real service (Node, `ws`)', () => {
  it('prints a receipt from the builder: onAck on the way, the result at the end, the id kept', async () => {
    const service = await startService();
    const client = open(service);
    const acks: Ack[] = [];
    const ticket = receipt({ model: 'epson', paperWidth: 80 })
      .text('Café Central', { bold: true, align: 'center', size: { width: 2, height: 2 } })
      .line()
      .table({ columns: [{ header: 'Producto', width: 3 }, { header: '€', align: 'right' }], rows: [['Café con leche', '1,80'], ['Tostada', 2.5]] })
      .qr('https://example.com/t/1')
      .barcode('7791234567898', { symbology: 'EAN13' })
      .image(logo(), { width: 64 })
      .feed(2)
      .beep()
      .drawer()
      .cut();
    const result = await client.print(ticket, { id: 'venta-42', onAck: (ack) => acks.push(ack) });
    expect(result).toMatchObject({ id: 'venta-42', confirmation: 'unknown' });
    expect(result.mensaje).toMatch(/^Print completed in \d+ms$/);
    expect(acks).toEqual([{ id: 'venta-42', current: expect.any(Number), capacity: 100 }]);
    expect(service.service.job('venta-42')?.state).toBe('success');

    const generated = await client.print(receipt().text('sin id'));
    expect(generated.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(service.service.job(generated.id)?.state).toBe('success');
  });

  it('rejects a document the service cannot print with its category', async () => {
    const service = await startService();
    const client = open(service);
    const failure = await client.print({ version: '2.0', commands: [] }, { id: 'mala' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'print-failed', category: 'VALIDATION', id: 'mala', text: 'version must be 1.x (got "2.0")' });
  });

  it('answers status, ping and printers', async () => {
    const service = await startService();
    const client = open(service);
    await expect(client.status()).resolves.toEqual({ current: 0, capacity: 100 });
    await expect(client.ping()).resolves.toEqual(expect.any(Number));
    const { printers, summary } = await client.printers();
    expect(printers.some((printer) => printer.printer_type === 'virtual')).toBe(true);
    expect(summary.detected_count).toBe(printers.length);
    expect(client.state).toBe('open');
  });

  it('sends the token with every ticket, and says `auth` when it is wrong', async () => {
    const service = await startService({ token: 'secreto-largo' });
    await expect(open(service, 'otro').print(receipt().text('x'))).rejects.toMatchObject({ kind: 'auth' });
    await expect(open(service, 'secreto-largo').print(receipt().text('x'))).resolves.toMatchObject({ confirmation: 'unknown' });
  });

  it('rejects at once what the service refuses before queueing: a full queue', async () => {
    const service = await startService({ queueCapacity: 1 });
    service.service.queue.pause();
    const client = open(service);
    const first = client.print(receipt().text('uno'), { id: 'uno' });
    await expect(client.print(receipt().text('dos'), { id: 'dos' })).rejects.toMatchObject({
      kind: 'rejected',
      id: 'dos',
      text: 'Queue full, please retry in a few seconds',
    });
    service.service.queue.resume();
    await expect(first).resolves.toMatchObject({ id: 'uno' });
  });
});
