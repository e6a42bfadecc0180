import { describe, expect, it } from 'vitest';
import { PART_ITEMS, PartsJoiner, partsOf } from '../../src/main/services/http/reading-parts';

/** A reading thread's result comes back a part at a time (issue 20 item 3): put together, it is the same result. */
describe('a result handed back in parts', () => {
  it('splits each long list, a value or one level down, and puts it back in order', () => {
    const rows = Array.from({ length: 2 * PART_ITEMS + 7 }, (_, index) => ({ index }));
    const keys = Array.from({ length: PART_ITEMS + 1 }, (_, index) => `key-${index}`);
    const result = { kind: 'read', value: { from: '2026-01-01', rows, nested: { keys, few: [1, 2] } } };
    const expected = structuredClone(result);
    const messages = partsOf(structuredClone(result));
    expect(messages.filter((message) => message.kind === 'part')).toHaveLength(3 + 2);
    const joiner = new PartsJoiner();
    const joined = messages.map((message) => joiner.take(structuredClone(message)));
    expect(joined.slice(0, -1).every((taken) => taken === undefined)).toBe(true);
    expect(joined.at(-1)).toEqual({ result: expected });
  });

  it('sends a short result in one message', () => {
    expect(partsOf({ kind: 'unreadable', detail: 'x' })).toEqual([{ kind: 'done', skeleton: { kind: 'unreadable', detail: 'x' }, paths: [] }]);
  });
});
