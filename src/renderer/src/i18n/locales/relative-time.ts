/**
 * "Hace unos segundos": what `Intl.RelativeTimeFormat` has no words for (it counts seconds, "hace 12 segundos", which
 * is more than anyone needs of a moment just gone). Spanish and English with the same keys.
 */
export const relativeTimeEs = {
  fewSecondsAgo: 'hace unos segundos',
  inFewSeconds: 'dentro de unos segundos',
};

export const relativeTimeEn: Record<keyof typeof relativeTimeEs, string> = {
  fewSecondsAgo: 'a few seconds ago',
  inFewSeconds: 'in a few seconds',
};
