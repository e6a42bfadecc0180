import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_A } from '../../src/shared/escpos/font';
import { dotsOf } from '../encoding/script-raster-helpers';
import { withServices } from '../support/service-harness';
import { readCells } from './raster-reading';

const startService = withServices();

/** A Star job sent by a POS over the real WebSocket: the virtual printer's PNG is what a Star printer prints. */
describe('the virtual printer with Star jobs', () => {
  it.each(['star-tsp100iv', 'star-tsp650ii'])('draws a %s job read as Star commands: its text, not unknown-command bands', async (model) => {
    const service = await startService();
    const client = await service.connect();
    const id = `star-${model}`;
    const datos = {
      version: '1.0',
      profile: { model, paper_width: 80 },
      commands: [
        { type: 'text', data: { text: 'Cafetería Ñora', align: 'center' } },
        { type: 'text', data: { text: 'Total 5€' } },
        { type: 'beep' },
        { type: 'cut' },
      ],
    };
    client.send({ tipo: 'ticket', id, datos });
    expect(await client.next('result', (message) => message.id === id)).toMatchObject({ status: 'success' });
    const png = dotsOf(fs.readFileSync(path.join(service.config.dataDir, 'virtual-printer', `${id}.png`)));
    expect(png.width).toBe(576);
    const titleX = Math.floor((576 - 14 * FONT_A.cellWidth) / 2);
    expect(readCells(png, { x: titleX, y: 0, count: 14, font: FONT_A })).toBe('Cafetería Ñora');
    expect(readCells(png, { x: 0, y: 30, count: 8, font: FONT_A })).toBe('Total 5€');
  });
});
