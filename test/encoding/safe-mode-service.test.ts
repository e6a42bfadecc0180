import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ticketDoc, withServices } from '../support/service-harness';

const startService = withServices();

/** The bypass, sent by a POS over the real WebSocket to the real service (safe mode on by default). */
describe('safe mode end to end', () => {
  it('fails the ticket with the exact RAW result and prints nothing of it', async () => {
    const service = await startService();
    const client = await service.connect();
    const datos = {
      version: '1.0',
      profile: { model: 'epson', paper_width: 80 },
      commands: [
        { type: 'text', data: { text: 'Venta 42' } },
        // ESC * with m = 2: a lenient parser skipped the next 8 bytes as image data; the printer runs GS ( E.
        { type: 'raw', data: { hex: '1B 2A 02 08 00 1D 28 45 03 00 06 01 00' } },
      ],
    };
    client.send({ tipo: 'ticket', id: 'bypass', datos });
    expect(await client.next('ack')).toMatchObject({ tipo: 'ack', id: 'bypass', status: 'queued' });
    expect(await client.next('result')).toEqual({
      tipo: 'result',
      id: 'bypass',
      status: 'error',
      mensaje: 'RAW: commands[1].data: safe mode refuses ESC * at byte 0 (1B 2A 02 08 00 1D 28 45): parameter m = 2 is out of range (0, 1, 32, 33)',
    });
    expect(fs.existsSync(path.join(service.config.dataDir, 'virtual-printer', 'bypass.bin'))).toBe(false);

    client.send({ tipo: 'ticket', id: 'apagar', datos: { version: '1.0', commands: [{ type: 'raw', data: { base64: Buffer.from([0x10, 0x14, 0x02, 0x01, 0x08]).toString('base64') } }] } });
    expect(await client.next('result', (message) => message.id === 'apagar')).toEqual({
      tipo: 'result',
      id: 'apagar',
      status: 'error',
      mensaje: 'RAW: commands[0].data: safe mode refuses DLE DC4 2 at byte 0 (10 14 02 01 08): it turns the printer off',
    });
    // The same printer still prints a ticket without the bypass: only the refused job was dropped.
    client.send({ tipo: 'ticket', id: 'normal', datos: ticketDoc('Venta 43') });
    expect(await client.next('result', (message) => message.id === 'normal')).toMatchObject({ status: 'success' });
    expect(fs.existsSync(path.join(service.config.dataDir, 'virtual-printer', 'normal.bin'))).toBe(true);
    client.close();
  });
});
