import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { ticketDoc, withServices } from '../support/service-harness';

const startService = withServices();
const doc = (command: Record<string, unknown>) => ({ version: '1.0', commands: [{ type: 'text', data: { text: 'Venta' } }, command] });

describe('a real-time command hidden in a ticket’s own data', () => {
  it('refuses a CODE128 whose digits pack into DLE DC4 2, the power-off command, safe mode on or off', () => {
    // Code set C packs "16 20 02 01 08" into the bytes 10 14 02 01 08.
    const barcode = doc({ type: 'barcode', data: { symbology: 'CODE128', data: '1620020108' } });
    for (const safeMode of [true, false]) {
      expect(() => encodeDocument(barcode, { safeMode })).toThrow(
        'BARCODE: commands[1].data would send DLE DC4 2 (10 14 02 01 08) inside its data: it turns the printer off, and printers run it even there; change the data',
      );
    }
  });

  it('refuses a QR code whose text carries the same bytes, and prints a normal one', () => {
    const qr = doc({ type: 'qr', data: { data: 'x\u0010\u0014\u0002\u0001\u0008y' } });
    expect(() => encodeDocument(qr, { safeMode: true })).toThrow(/^QR: commands\[1\]\.data would send DLE DC4 2 \(10 14 02 01 08\)/);
    expect(encodeDocument(doc({ type: 'qr', data: { data: 'https://example.com/factura/1' } }), { safeMode: true }).length).toBeGreaterThan(40);
  });

  it('answers the POS with that error and goes on printing', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'apagon', datos: doc({ type: 'barcode', data: { symbology: 'CODE128', data: '1620020108' } }) });
    client.send({ tipo: 'ticket', id: 'normal', datos: ticketDoc() });
    expect((await client.next('result', (message) => message.id === 'apagon')).mensaje).toMatch(/^BARCODE: .*DLE DC4 2/);
    expect((await client.next('result', (message) => message.id === 'normal')).status).toBe('success');
  });
});
