import { describe, expect, it } from 'vitest';
import { dayFromText, dayOrder, dayText } from '../../src/renderer/src/components/day-text';

describe("days in the window's language, not the browser's", () => {
  it('writes a day in the locale order', () => {
    expect(dayOrder('es')).toEqual(['day', 'month', 'year']);
    expect(dayText('2025-05-20', 'es')).toBe('20/05/2025');
    expect(dayText('2025-05-20', 'en')).toBe('05/20/2025');
    expect(dayText('', 'es')).toBe('');
  });

  it('reads what a person types in that order, or year first', () => {
    expect(dayFromText('20/5/2025', 'es')).toBe('2025-05-20');
    expect(dayFromText('20-05-2025', 'es')).toBe('2025-05-20');
    expect(dayFromText('5/20/2025', 'en')).toBe('2025-05-20');
    expect(dayFromText('2025-05-20', 'es')).toBe('2025-05-20');
    expect(dayFromText('', 'es')).toBe('');
    expect(dayFromText('31/02/2025', 'es')).toBeNull();
    expect(dayFromText('20/05', 'es')).toBeNull();
    expect(dayFromText('5/20/2025', 'es')).toBeNull();
  });
});
