import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forPrinterModel } from '../../src/main/services/app-api/preview';
import { moved, percentsOf, withPercent } from '../../src/renderer/src/designer/table-shares';
import type { Preview } from '../../src/shared/contract/types';
import { startTestAppHost, type TestAppHost } from '../app/app-harness';

const receipt = {
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [{ type: 'table', data: { columns: [{ header: 'Producto', width: 30 }, { header: 'Total', width: 18, align: 'right' }], rows: [['Café', '1,50 €']] } }],
};

describe('table column widths as whole percentages', () => {
  it('shows shares as percentages adding up to 100 (62.5 + 37.5 is 63 + 37, not 63 + 38)', () => {
    expect(percentsOf([30, 18])).toEqual([63, 37]);
    expect(percentsOf([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentsOf([5])).toEqual([100]);
  });

  it('one column set to a percentage takes the rest from the others in proportion, each keeping at least 1', () => {
    expect(withPercent([63, 37], 0, 70)).toEqual([70, 30]);
    const three = withPercent([50, 25, 25], 1, 50);
    expect(three[1]).toBe(50);
    expect(three.reduce((sum, part) => sum + part, 0)).toBe(100);
    expect(withPercent([50, 50], 0, 100)).toEqual([99, 1]);
    expect(withPercent([100], 0, 40)).toEqual([100]);
  });

  it('moves a column (and its cells) to another place', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('the preview for the printer model tickets go to', () => {
  it('names the printer’s model in a document naming none, and keeps a model the document names', () => {
    expect(forPrinterModel(receipt, 'epson-tm-t88vi')).toMatchObject({ profile: { model: 'epson-tm-t88vi', paper_width: 80 } });
    const named = { ...receipt, profile: { model: 'epson-tm-t20iii', paper_width: 80 } };
    expect(forPrinterModel(named, 'epson-tm-t88vi')).toBe(named);
    expect(forPrinterModel(receipt, undefined)).toBe(receipt);
  });

  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  it('renders 512 dots for a TM-T88 where the generic printer has 576', { timeout: 30_000 }, async () => {
    const widthFor = async (printerModel?: string): Promise<number | undefined> => {
      const { body } = await host.post('renderPreview', { document: receipt, ...(printerModel ? { printerModel } : {}) });
      return (body as { value: Preview }).value.image?.width;
    };
    expect(await widthFor()).toBe(576);
    expect(await widthFor('epson-tm-t88vi')).toBe(512);
  });
});
