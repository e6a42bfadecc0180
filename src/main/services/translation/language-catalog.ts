import fs from 'node:fs';
import path from 'node:path';
import type { Language } from 'deepl-node';
import { ServiceError } from '../http/service-error';
import type { TranslationConnection } from './deepl-connection';

export interface ServiceLanguage {
  /** As the service lists it, upper-case: `DE`, `EN-GB`, `ZH-HANS`. */
  code: string;
  /** The service's English name. */
  name: string;
  /** Target languages only: whether `formality` is accepted. */
  supportsFormality?: boolean;
}

export interface LanguageLists {
  source: ServiceLanguage[];
  target: ServiceLanguage[];
  fetchedAt: number;
  /** True when the service could not be reached and an older list is shown. */
  stale: boolean;
}

interface StoredLists {
  serverUrl: string;
  fetchedAt: number;
  source: ServiceLanguage[];
  target: ServiceLanguage[];
}

/** The service adds languages a few times a year: a day-old list is fine, and saves a request per translation. */
export const LANGUAGE_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The source and target languages the service offers (`/v2/languages`), never hard-coded: kept in memory and in a
 * small file with the time they were fetched, so a restart or a CLI run does not ask again within a day. When the
 * service is briefly unreachable an older list is still used, marked stale.
 */
export class LanguageCatalog {
  private memory: StoredLists | undefined;

  constructor(
    private readonly connection: () => TranslationConnection,
    private readonly file: string,
    private readonly serverUrl: string,
    private readonly maxAgeMs: number = LANGUAGE_LIST_MAX_AGE_MS,
  ) {}

  async lists(options: { signal?: AbortSignal | undefined; refresh?: boolean } = {}): Promise<LanguageLists> {
    const known = this.memory ?? this.readFile();
    if (known && !options.refresh && Date.now() - known.fetchedAt < this.maxAgeMs) {
      this.memory = known;
      return { ...known, stale: false };
    }
    try {
      const fetched = await this.fetch(options.signal);
      this.memory = fetched;
      this.writeFile(fetched);
      return { ...fetched, stale: false };
    } catch (error) {
      // A busy or unreachable service should not block translating with yesterday's list; a rejected key should.
      if (known && error instanceof ServiceError && error.retryable) return { ...known, stale: true };
      throw error;
    }
  }

  private async fetch(signal: AbortSignal | undefined): Promise<StoredLists> {
    const connection = this.connection();
    const [source, target] = await Promise.all([
      connection.run('interactive', signal, (client) => client.getSourceLanguages()),
      connection.run('interactive', signal, (client) => client.getTargetLanguages()),
    ]);
    return { serverUrl: this.serverUrl, fetchedAt: Date.now(), source: source.value.map(toServiceLanguage), target: target.value.map(toServiceLanguage) };
  }

  private readFile(): StoredLists | undefined {
    try {
      const stored = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<StoredLists>;
      if (stored.serverUrl !== this.serverUrl || typeof stored.fetchedAt !== 'number' || !Array.isArray(stored.source) || !Array.isArray(stored.target)) {
        return undefined;
      }
      return stored as StoredLists;
    } catch {
      return undefined;
    }
  }

  private writeFile(lists: StoredLists): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(lists, null, 2)}\n`);
    fs.renameSync(temporary, this.file);
  }
}

function toServiceLanguage(language: Language): ServiceLanguage {
  return {
    code: language.code.toUpperCase(),
    name: language.name,
    ...(language.supportsFormality !== undefined ? { supportsFormality: language.supportsFormality } : {}),
  };
}
