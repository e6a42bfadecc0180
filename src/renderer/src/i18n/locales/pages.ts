/** Texts of the pages area of the window, Spanish and English with the same keys. */
export const pagesEs = {} as const;

export const pagesEn: Record<keyof typeof pagesEs, string> = {};
