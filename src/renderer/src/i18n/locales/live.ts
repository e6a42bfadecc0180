/** Texts of the live area of the window, Spanish and English with the same keys. */
export const liveEs = {} as const;

export const liveEn: Record<keyof typeof liveEs, string> = {};
