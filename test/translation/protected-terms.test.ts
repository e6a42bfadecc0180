import { describe, expect, it } from 'vitest';
import { protectText, unprotectText } from '../../src/main/services/translation/protected-terms';

describe('translated text back from the service', () => {
  it('decodes the entities a translation comes back with', () => {
    expect(unprotectText('Caf&#233; &amp; t&#xE9; &lt;3')).toBe('Café & té <3');
  });

  it('keeps an entity past the last Unicode code point as written instead of throwing', () => {
    // A hostile or broken server: String.fromCodePoint(0x110000) throws RangeError, which would fail a receipt's
    // translation as an internal error instead of showing the text.
    expect(unprotectText('a &#x110000; b &#99999999999; c')).toBe('a &#x110000; b &#99999999999; c');
  });

  it('round-trips text with markup characters and a kept placeholder', () => {
    const protection = { placeholders: true, terms: ['Ñora'] };
    const sent = protectText('1 < 2 & {{total}} en Ñora', protection);
    expect(sent).toBe('1 &lt; 2 &amp; <keep>{{total}}</keep> en <keep>Ñora</keep>');
    expect(unprotectText(sent)).toBe('1 < 2 & {{total}} en Ñora');
  });
});
