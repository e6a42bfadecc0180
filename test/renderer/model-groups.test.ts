import { describe, expect, it } from 'vitest';
import { modelGroupsFor, NAMED_MODELS } from '../../src/renderer/src/components/printers/printer-models';
import { COMMON_MODEL_IDS } from '../../src/shared/printer-profiles/common-models';

describe('the printer model lists', () => {
  it('offer every common model first, each a model Ticketera knows, and every other one after, once', () => {
    const { common, others } = modelGroupsFor('es');
    expect(common.map((profile) => profile.id).sort()).toEqual([...COMMON_MODEL_IDS].sort());
    expect([...common, ...others].map((profile) => profile.id).sort()).toEqual(NAMED_MODELS.map((profile) => profile.id).sort());
  });

  it("sort by name as the window's language does: numbers by value, capitals aside", () => {
    const names = modelGroupsFor('en').others.map((profile) => profile.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare));
    expect(names.indexOf('Epson TM-T20IV')).toBeLessThan(names.indexOf('Epson TM-T70'));
    expect(names.indexOf('Star SM-L200')).toBeLessThan(names.indexOf('SUNMI Generic'));
    expect(modelGroupsFor('es').common.map((profile) => profile.name)).toEqual([
      'Epson TM-T20II', 'Epson TM-T20III', 'Epson TM-T88V', 'Epson TM-T88VI', 'Generic POS-5890', 'Generic POS-8360', 'Star TSP100III', 'Star TSP100IV', 'Star TSP650II',
    ]);
  });
});
