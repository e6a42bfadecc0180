import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH, serializeTicket } from '../../src/main/services/queue/serialize-ticket';

/** `levels` objects (or arrays) nested inside each other, the innermost holding a number. */
const nestedObjects = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels - 1)}{"a":1}${'}'.repeat(levels - 1)}`);
const nestedArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
const REFUSED = `VALIDATION: datos nests deeper than ${MAX_DOCUMENT_DEPTH} levels`;

describe('the depth check before a ticket is stored', () => {
  for (const [what, nested] of [
    ['objects', nestedObjects],
    ['arrays', nestedArrays],
  ] as const) {
    it(`takes ${MAX_DOCUMENT_DEPTH} levels of ${what} and refuses ${MAX_DOCUMENT_DEPTH + 1}`, () => {
      expect(serializeTicket(nested(MAX_DOCUMENT_DEPTH))).toBe(JSON.stringify(nested(MAX_DOCUMENT_DEPTH)));
      expect(() => serializeTicket(nested(MAX_DOCUMENT_DEPTH + 1))).toThrow(REFUSED);
    });
  }

  it('finds the deep branch wherever it is, and refuses 100,000 levels without overflowing', () => {
    const deepLast = { version: '1.0', commands: [{ type: 'text', data: { text: 'x' } }, { extra: nestedObjects(MAX_DOCUMENT_DEPTH) }] };
    expect(() => serializeTicket(deepLast)).toThrow(REFUSED);
    expect(() => serializeTicket(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toThrow(REFUSED);
  });

  it('counts only objects and arrays: strings and numbers at the last level are fine', () => {
    const doc = { version: '1.0', commands: [{ type: 'text', data: { text: 'Hola', size: 2 } }] };
    expect(serializeTicket(doc)).toBe(JSON.stringify(doc));
  });
});
