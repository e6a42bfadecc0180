/** Texts of the home area of the window, Spanish and English with the same keys. */
export const homeEs = {} as const;

export const homeEn: Record<keyof typeof homeEs, string> = {};
