import path from 'node:path';
import { ServiceError } from '../../services/http/service-error';
import { defaultDataDir } from '../../services/service-config';
import { NO_ENCRYPTION } from '../../services/settings/encryptor';
import { SettingsStore } from '../../services/settings/settings-store';
import { DocumentFailedError, NoDocumentToResumeError } from '../../services/translation/document-translator';
import { apiKeyEncryptor } from '../../services/translation/key-derived-encryptor';
import { resolveTranslationAccess, type TranslationAccess } from '../../services/translation/translation-access';
import { TranslationRuleError } from '../../services/translation/translation-rule-error';
import { TranslationService } from '../../services/translation/translation-service';
import { cliLanguage, type CliLanguage } from '../cli-language';
import { documentProblemText } from './translate-document-messages';
import { OTHER_TEXTS, ruleText, translationErrorText } from './translate-messages';

/** Shared by `translate`, `translate-document` and `languages`: the service opened from flags, env and settings. */
export interface TranslationSession {
  service: TranslationService;
  access: TranslationAccess;
  language: CliLanguage;
  /** Aborted by Ctrl+C: the request in flight is cancelled, not left running. */
  signal: AbortSignal;
  close(): void;
}

export function openTranslationSession(flagServerUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): TranslationSession {
  const dataDir = defaultDataDir();
  // Without Electron there is no keychain: saved secrets stay unreadable here (NO_ENCRYPTION), the address is plain.
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), NO_ENCRYPTION);
  const access = resolveTranslationAccess({
    flagServerUrl,
    env,
    savedKey: settings.secret('translationApiKey'),
    savedServerUrl: settings.settings.translationBaseUrl,
  });
  const service = new TranslationService({
    dataDir,
    apiKey: access.apiKey,
    serverUrl: access.serverUrl,
    encryptor: access.apiKey ? apiKeyEncryptor(access.apiKey) : NO_ENCRYPTION,
  });
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once('SIGINT', interrupt);
  return {
    service,
    access,
    language: cliLanguage(env),
    signal: controller.signal,
    close: () => {
      process.off('SIGINT', interrupt);
      service.close();
    },
  };
}

/** Writes the person's message for a failure and returns the exit code; anything unexpected is rethrown. */
export function reportFailure(error: unknown, session: Pick<TranslationSession, 'access' | 'language'>): number {
  const { language } = session;
  const say = (text: string): void => void process.stderr.write(`${text}\n`);
  if (error instanceof ServiceError) {
    say(translationErrorText(error, session.access.serverUrl ?? (language === 'es' ? 'la dirección del proveedor' : "the vendor's address"), language));
    return error.kind === 'cancelled' ? 130 : 1;
  }
  const documentProblem = documentProblemText(error, language);
  if (documentProblem !== undefined) say(documentProblem);
  else if (error instanceof TranslationRuleError) say(ruleText(error.detail, language));
  else if (error instanceof DocumentFailedError) say(OTHER_TEXTS.documentFailed[language](error.serviceMessage));
  else if (error instanceof NoDocumentToResumeError) say(OTHER_TEXTS.nothingToResume[language]());
  else if (isFileError(error)) say(OTHER_TEXTS.fileProblem[language](error.path ?? '', error.code ?? ''));
  else throw error;
  return 1;
}

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).syscall !== undefined;
}
