/** Texts of the designer area of the window, Spanish and English with the same keys. */
export const designerEs = {} as const;

export const designerEn: Record<keyof typeof designerEs, string> = {};
