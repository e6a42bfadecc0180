/**
 * The words drawn into a preview image where paper shows nothing (the knife's band): in the window's language, since
 * the same image is what the designer previews and what the virtual printer keeps as `<name>.png` for the owner.
 * Upper-case ASCII only: the band is drawn in the printer font, and these must read the same in every code page.
 */
export interface MarkTexts {
  cut: string;
  partialCut: string;
}

export const MARK_TEXTS = {
  es: { cut: 'CORTE', partialCut: 'CORTE PARCIAL' },
  en: { cut: 'CUT', partialCut: 'PARTIAL CUT' },
} as const satisfies Record<string, MarkTexts>;

/** Without a window (the bare service, tests), the marks stay as they always were. */
export const DEFAULT_MARK_TEXTS: MarkTexts = MARK_TEXTS.en;
