import type { TranslationConnection } from './deepl-connection';

export interface LanguagePair {
  source: string;
  target: string;
}

/**
 * The language pairs of a glossary (its dictionaries, `GET /v3/glossaries/{id}`), asked once per glossary and run:
 * enough to refuse a mismatched pair before sending texts that would be billed and then rejected.
 */
export class GlossaryPairs {
  private readonly known = new Map<string, LanguagePair[]>();

  constructor(private readonly connection: () => TranslationConnection) {}

  async of(glossaryId: string, signal: AbortSignal | undefined): Promise<LanguagePair[]> {
    const known = this.known.get(glossaryId);
    if (known) return known;
    const { value } = await this.connection().run('interactive', signal, (client) => client.getMultilingualGlossary(glossaryId));
    const pairs = value.dictionaries.map((dictionary) => ({ source: dictionary.sourceLangCode, target: dictionary.targetLangCode }));
    this.known.set(glossaryId, pairs);
    return pairs;
  }
}
