import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RetryPolicy } from '../../src/main/services/http/retry-policy';
import type { Encryptor } from '../../src/main/services/settings/encryptor';
import type { TranslationPolicies } from '../../src/main/services/translation/deepl-connection';
import { apiKeyEncryptor } from '../../src/main/services/translation/key-derived-encryptor';
import { TranslationService } from '../../src/main/services/translation/translation-service';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { EMULATOR_KEYS, startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';

export const KEY = EMULATOR_KEYS[0]!;

/** The production shape with short waits, so retry tests take milliseconds. */
export const QUICK_POLICY: RetryPolicy = { attemptTimeoutMs: 2_000, maxAttempts: 3, totalBudgetMs: 6_000, baseDelayMs: 20, maxDelayMs: 60 };
export const QUICK_POLICIES: TranslationPolicies = { interactive: QUICK_POLICY, documentTransfer: QUICK_POLICY, documentStatus: QUICK_POLICY };

export function temporaryDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ticketera-${prefix}-`));
}

export function openService(
  emulator: TranslationEmulator,
  dataDir: string,
  overrides: { apiKey?: string; policies?: Partial<TranslationPolicies>; encryptor?: Encryptor; log?: (line: string) => void } = {},
): TranslationService {
  const apiKey = overrides.apiKey ?? KEY;
  return new TranslationService({
    dataDir,
    apiKey,
    serverUrl: emulator.url,
    encryptor: overrides.encryptor ?? apiKeyEncryptor(apiKey),
    policies: { ...QUICK_POLICIES, ...overrides.policies },
    pollDelayMs: () => 100,
    ...(overrides.log ? { log: overrides.log } : {}),
  });
}

/** One emulator for a test file and a work folder beside it (see emulatorForFile). */
export interface FileEmulator {
  readonly emulator: TranslationEmulator;
  readonly work: string;
}

/**
 * A translation emulator for the whole test file that translates documents at once, reset after each test, closed
 * with its work folder removed at the end.
 */
export function emulatorForFile(prefix: string): FileEmulator {
  let started: TranslationEmulator | undefined;
  const work = temporaryDir(prefix);
  beforeAll(async () => {
    started = await startTranslationEmulator({ documentTiming: { queuedMs: 0, translatingMs: 0 } });
  });
  afterEach(() => started?.reset());
  afterAll(async () => {
    await started?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  return {
    get emulator(): TranslationEmulator {
      if (!started) throw new Error('the translation emulator is used before the file started it');
      return started;
    },
    work,
  };
}
