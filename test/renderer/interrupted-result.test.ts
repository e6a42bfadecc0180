import { describe, expect, it } from 'vitest';
import { INTERRUPTED_TEXT } from '../../src/shared/contract/types';
import { jobResultOf } from '../../src/renderer/src/pages/job-result';
import { pagesEn, pagesEs } from '../../src/renderer/src/i18n/locales/pages';
import { homeEn, homeEs } from '../../src/renderer/src/i18n/locales/home';

describe('a ticket a crash caught mid-print, as the window reads it', () => {
  it('is told apart by the text the service writes now and by the one journals kept before', () => {
    expect(INTERRUPTED_TEXT.startsWith('EXECUTION: interrupted: ')).toBe(true);
    expect(jobResultOf(INTERRUPTED_TEXT)).toEqual({ kind: 'interrupted' });
    expect(jobResultOf('EXECUTION: interrupted')).toEqual({ kind: 'interrupted' });
    // Any other execution failure stays a failure with its own detail.
    expect(jobResultOf('EXECUTION: interrupted by the encoder')).toMatchObject({ kind: 'failed', category: 'EXECUTION' });
  });

  it('is shown in the window’s language saying it may be on paper already', () => {
    expect(pagesEs.resultInterrupted).toMatch(/puede que ya esté en papel/);
    expect(pagesEn.resultInterrupted).toMatch(/may be on paper already/);
    expect(homeEs.homeFailInterrupted).toMatch(/puede que ya esté en papel/);
    expect(homeEn.homeFailInterrupted).toMatch(/may be on paper already/);
  });
});
