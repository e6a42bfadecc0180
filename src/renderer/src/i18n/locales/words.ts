/** Small words of the window's own (typed days, the sign-in page), Spanish and English with the same keys. */
export const wordsEs = {
  dayLetters: 'dd',
  monthLetters: 'mm',
  yearLetters: 'aaaa',
};

export const wordsEn: Record<keyof typeof wordsEs, string> = {
  dayLetters: 'dd',
  monthLetters: 'mm',
  yearLetters: 'yyyy',
};
