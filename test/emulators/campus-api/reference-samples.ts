import fs from 'node:fs';
import path from 'node:path';

/**
 * The real sample answers, read from the reference folder beside the repository (../shared, present in CI) rather
 * than copied: the method sheets are markdown with the JSON in a fenced block under "#### JSON".
 */
export const REFERENCE_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'reference', 'campus-open-data');

export interface SampleAnswer {
  meta: Record<string, unknown>;
  data: unknown;
}

export function referenceSample(sheet: 'wireless-auth.md' | 'api-changelog.md' | 'server-codes.md'): SampleAnswer {
  const markdown = fs.readFileSync(path.join(REFERENCE_DIR, sheet), 'utf8');
  const block = /#### JSON\s+```json\s*\n([\s\S]*?)\n```/.exec(markdown);
  if (!block) throw new Error(`no JSON sample in ${sheet}`);
  return JSON.parse(block[1]!) as SampleAnswer;
}

/** The service's list of error codes (`/server/codes`), code → message, from its sample. */
export function serverCodes(): Map<number, string> {
  const sample = referenceSample('server-codes.md').data as { code: number; message: string }[];
  return new Map(sample.map(({ code, message }) => [code, message]));
}
