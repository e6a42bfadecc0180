import { describe, expect, it } from 'vitest';
import { ticketPreviewOf } from '../../src/main/services/app-api/ticket-preview';

describe("a held ticket's first lines (issue 32)", () => {
  it('takes texts and table rows in order, skipping blank lines, at most three, long ones cut', () => {
    const datos = {
      version: '1.0',
      commands: [
        { type: 'image', data: { image: 'iVBOR' } },
        { type: 'text', data: { text: 'CAFÉ PEPE\n\n' } },
        { type: 'table', data: { columns: [{}, {}], rows: [['Café con leche', 1.8]] } },
        { type: 'text', data: { text: 'x'.repeat(80) } },
        { type: 'text', data: { text: 'Total 12,50 €' } },
      ],
    };
    expect(ticketPreviewOf(datos)).toEqual(['CAFÉ PEPE', 'Café con leche  1.8', `${'x'.repeat(59)}…`]);
  });

  it('answers nothing for what is not a print document', () => {
    expect(ticketPreviewOf('texto')).toEqual([]);
    expect(ticketPreviewOf({ commands: [{ type: 'text' }] })).toEqual([]);
  });
});
