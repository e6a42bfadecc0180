import path from 'node:path';
import { ServiceError } from '../http/service-error';
import type { Encryptor } from '../settings/encryptor';
import { TRANSLATION_SERVICE, TranslationConnection, type TranslationPolicies } from './deepl-connection';
import { DocumentJobStore } from './document-job-store';
import { DocumentTranslator } from './document-translator';
import { GlossaryPairs } from './glossary-pairs';
import { LanguageCatalog } from './language-catalog';
import type { DocumentStatusAnswer } from './service-answers';
import { TextTranslator } from './text-translator';
import { TranslationCache, type TemplateUsage, type UsageCounters } from './translation-cache';

export interface TranslationServiceOptions {
  /** The data dir: the cache, the language list and the document jobs live here, each in its own file. */
  dataDir: string;
  apiKey: string | undefined;
  serverUrl?: string | undefined;
  /** Seals document keys: the OS keychain in the app, a key-derived one in the CLI (see key-derived-encryptor). */
  encryptor: Encryptor;
  policies?: Partial<TranslationPolicies>;
  pollDelayMs?: (status: DocumentStatusAnswer) => number;
  log?: (line: string) => void;
}

export const TRANSLATION_FILES = {
  cache: 'translation-cache.sqlite',
  languages: 'translation-languages.json',
  documents: 'translation-documents.json',
};

export interface AccountUsage {
  characterCount: number;
  characterLimit: number;
}

/**
 * Everything the window, the designer and the CLI need from the translation service, in one object opened on the
 * data dir. Works without a key as far as it can (cached translations, past jobs); anything that needs the service
 * then fails with `key-missing`.
 */
export class TranslationService {
  readonly text: TextTranslator;
  readonly documents: DocumentTranslator;
  readonly languages: LanguageCatalog;
  private readonly cache: TranslationCache;
  private connection: TranslationConnection | undefined;

  constructor(private readonly options: TranslationServiceOptions) {
    this.cache = TranslationCache.open(path.join(options.dataDir, TRANSLATION_FILES.cache));
    const connection = (): TranslationConnection => this.connect();
    const server = serverOf(options);
    this.languages = new LanguageCatalog(connection, path.join(options.dataDir, TRANSLATION_FILES.languages), server);
    this.text = new TextTranslator({ connection, cache: this.cache, languages: this.languages, glossaries: new GlossaryPairs(connection) });
    this.documents = new DocumentTranslator({
      connection,
      languages: this.languages,
      server,
      store: new DocumentJobStore(path.join(options.dataDir, TRANSLATION_FILES.documents), options.encryptor),
      ...(options.pollDelayMs ? { pollDelayMs: options.pollDelayMs } : {}),
    });
  }

  /** Hits and billed characters kept by the cache, in all and per template. */
  usage(): { total: UsageCounters; templates: TemplateUsage[] } {
    return this.cache.usage();
  }

  /** The account's characters used and allowed this billing period (`/v2/usage`). */
  async accountUsage(signal?: AbortSignal): Promise<AccountUsage> {
    const { value } = await this.connect().run('interactive', signal, (client) => client.getUsage());
    return { characterCount: value.character?.count ?? 0, characterLimit: value.character?.limit ?? 0 };
  }

  close(): void {
    this.cache.close();
  }

  private connect(): TranslationConnection {
    if (!this.options.apiKey) throw new ServiceError({ kind: 'key-missing', service: TRANSLATION_SERVICE, retryable: false, attempts: 0 });
    this.connection ??= new TranslationConnection({
      apiKey: this.options.apiKey,
      serverUrl: this.options.serverUrl,
      ...(this.options.policies ? { policies: this.options.policies } : {}),
      ...(this.options.log ? { log: this.options.log } : {}),
    });
    return this.connection;
  }
}

/**
 * Which service this is, as saved with the language list and each document job: the configured address (without a
 * trailing slash), else the vendor's own address for the kind of key (free keys end in `:fx`).
 */
export function serverOf(options: Pick<TranslationServiceOptions, 'serverUrl' | 'apiKey'>): string {
  const configured = options.serverUrl?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  return options.apiKey?.endsWith(':fx') ? 'vendor-free' : 'vendor-paid';
}
