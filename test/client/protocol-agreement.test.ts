import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, ERROR_TEXT, SUCCESS_TEXT_PATTERN, confirmationOf, splitCategory } from '../../clients/js/src/protocol.mjs';
import * as service from '../../src/shared/protocol';

// The client package has no dependencies, so it keeps its own copy of the protocol's texts: these must not drift.
describe('the client library reads the service’s texts as the service writes them', () => {
  it('knows the same categories and immediate error texts', () => {
    expect(ERROR_CATEGORIES).toEqual(service.ERROR_CATEGORIES);
    expect(ERROR_TEXT).toEqual({
      datosRequired: service.ERROR_TEXT.datosRequired,
      queueFull: service.ERROR_TEXT.queueFull,
      rateLimited: service.ERROR_TEXT.rateLimited,
      badToken: service.ERROR_TEXT.badToken,
    });
    expect(SUCCESS_TEXT_PATTERN.source).toBe(service.SUCCESS_TEXT_PATTERN.source);
  });

  it('reads what is known of the paper from every success text', () => {
    expect(confirmationOf(service.successText(42))).toBe('unknown');
    expect(confirmationOf(service.successText(42, 'printed'))).toBe('printed');
    expect(confirmationOf(service.successText(42, 'delivered'))).toBe('delivered');
  });

  it('splits a failure into its category and text', () => {
    expect(splitCategory(service.categorized('PRINTER', 'sin papel / out of paper: Caja 1'))).toEqual({
      category: 'PRINTER',
      text: 'sin papel / out of paper: Caja 1',
    });
    expect(splitCategory(service.ERROR_TEXT.queueFull)).toEqual({ text: service.ERROR_TEXT.queueFull });
  });
});
