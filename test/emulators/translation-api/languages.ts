/** The emulator's `/v2/languages` answers: a real subset, with the variants and formality flags the client must handle. */
export interface EmulatedLanguage {
  language: string;
  name: string;
  supports_formality?: boolean;
}

export const SOURCE_LANGUAGES: EmulatedLanguage[] = [
  { language: 'AR', name: 'Arabic' },
  { language: 'DE', name: 'German' },
  { language: 'EN', name: 'English' },
  { language: 'ES', name: 'Spanish' },
  { language: 'FR', name: 'French' },
  { language: 'IT', name: 'Italian' },
  { language: 'JA', name: 'Japanese' },
  { language: 'KO', name: 'Korean' },
  { language: 'PT', name: 'Portuguese' },
  { language: 'TH', name: 'Thai' },
  { language: 'ZH', name: 'Chinese' },
];

export const TARGET_LANGUAGES: EmulatedLanguage[] = [
  { language: 'AR', name: 'Arabic', supports_formality: false },
  { language: 'DE', name: 'German', supports_formality: true },
  { language: 'EN-GB', name: 'English (British)', supports_formality: false },
  { language: 'EN-US', name: 'English (American)', supports_formality: false },
  { language: 'ES', name: 'Spanish', supports_formality: true },
  { language: 'FR', name: 'French', supports_formality: true },
  { language: 'IT', name: 'Italian', supports_formality: true },
  { language: 'JA', name: 'Japanese', supports_formality: true },
  { language: 'KO', name: 'Korean', supports_formality: false },
  { language: 'PT-BR', name: 'Portuguese (Brazilian)', supports_formality: true },
  { language: 'PT-PT', name: 'Portuguese (European)', supports_formality: true },
  { language: 'TH', name: 'Thai', supports_formality: false },
  { language: 'ZH', name: 'Chinese (simplified)', supports_formality: false },
  { language: 'ZH-HANS', name: 'Chinese (simplified)', supports_formality: false },
];

export const findLanguage = (list: EmulatedLanguage[], code: string): EmulatedLanguage | undefined =>
  list.find((language) => language.language === code.toUpperCase());
