import type { Language } from '../../src/shared/contract/settings';

/** The three windows a shop PC shows Ticketera in (a laptop, an old 4:3 screen, a small one): every page must work in each. */
export const WINDOW_SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 800, height: 600 },
] as const;

/** The window's languages: what the owner sees is checked in each. */
export const WINDOW_LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];
