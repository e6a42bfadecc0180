import path from 'node:path';
import { NO_ENCRYPTION, type Encryptor } from '../settings/encryptor';
import type { SettingsStore } from '../settings/settings-store';
import type { TranslationPolicies } from '../translation/deepl-connection';
import type { DocumentStatusAnswer } from '../translation/service-answers';
import { apiKeyEncryptor } from '../translation/key-derived-encryptor';
import { resolveTranslationAccess, type TranslationAccess } from '../translation/translation-access';
import { TranslationService } from '../translation/translation-service';
import { DocumentRuns } from './translation-documents';

export interface TranslationHostOptions {
  dataDir: string;
  settings: SettingsStore;
  /** `TICKETERA_TRANSLATION_KEY` / `TICKETERA_TRANSLATION_URL` win over the settings. */
  env: NodeJS.ProcessEnv;
  log?: ((line: string) => void) | undefined;
  /** Tests: shorter waits than a cashier's. */
  policies?: Partial<TranslationPolicies> | undefined;
  pollDelayMs?: ((status: DocumentStatusAnswer) => number) | undefined;
}

interface Open {
  /** Key and address it was opened with: another pair opens it again. */
  signature: string;
  service: TranslationService;
  documents: DocumentRuns;
}

export const TRANSLATED_DOCUMENTS_DIR = 'translated-documents';

/**
 * The translation service as the app runs it: opened with the key and address in force (the environment's, else the
 * settings'), opened again when a settings change gives another pair — no print-service restart, translation is not
 * part of its config — and closed on stop. Document keys are sealed by the settings' encryptor (the OS keychain);
 * without one (`serve`), by a key derived from the API key, as the CLI does, so jobs still resume after a restart.
 */
export class TranslationHost {
  private open: Open | undefined;

  constructor(private readonly options: TranslationHostOptions) {
    // Opened at once when there is a key: document jobs a previous run left go on without waiting for the window.
    // Without one it opens on first use, so a shop that never translates has no translation files.
    if (!this.access().apiKey) return;
    try {
      this.current();
    } catch (error) {
      // Its files cannot be opened (a full disk, a damaged cache): printing must not depend on translation. The
      // window's next translation call opens it again and reports the reason.
      options.log?.(`Translation not available yet: ${(error as Error).message}`);
    }
  }

  access(): TranslationAccess {
    return resolveTranslationAccess({
      env: this.options.env,
      savedKey: this.options.settings.secret('translationApiKey'),
      savedServerUrl: this.options.settings.settings.translationBaseUrl,
    });
  }

  /** The service and the document runs for the key and address in force now. */
  current(): { service: TranslationService; documents: DocumentRuns; keySet: boolean } {
    const access = this.access();
    const signature = JSON.stringify([access.apiKey ?? '', access.serverUrl ?? '']);
    if (this.open?.signature !== signature) {
      this.close();
      const service = new TranslationService({
        dataDir: this.options.dataDir,
        apiKey: access.apiKey,
        serverUrl: access.serverUrl,
        encryptor: this.encryptorFor(access.apiKey),
        ...(this.options.policies ? { policies: this.options.policies } : {}),
        ...(this.options.pollDelayMs ? { pollDelayMs: this.options.pollDelayMs } : {}),
        ...(this.options.log ? { log: this.options.log } : {}),
      });
      const documents = new DocumentRuns(service.documents, path.join(this.options.dataDir, TRANSLATED_DOCUMENTS_DIR), this.options.log);
      this.open = { signature, service, documents };
      if (access.apiKey) documents.resumeUnfinished();
    }
    return { service: this.open.service, documents: this.open.documents, keySet: access.apiKey !== undefined };
  }

  close(): void {
    this.open?.documents.close();
    this.open?.service.close();
    this.open = undefined;
  }

  private encryptorFor(apiKey: string | undefined): Encryptor {
    if (this.options.settings.encryptor.available) return this.options.settings.encryptor;
    return apiKey ? apiKeyEncryptor(apiKey) : NO_ENCRYPTION;
  }
}
