import fs from 'node:fs';
import path from 'node:path';

/** The real sample answers of the campus API, copied into the repository's fixtures (see SOURCE.md there). */
export const SAMPLES_DIR = path.resolve(__dirname, '..', '..', 'fixtures', 'campus-open-data');

export interface SampleAnswer {
  meta: Record<string, unknown>;
  data: unknown;
}

export function referenceSample(sheet: 'wireless-auth' | 'api-changelog' | 'server-codes'): SampleAnswer {
  return JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, `${sheet}.json`), 'utf8')) as SampleAnswer;
}

/** The service's list of error codes (`/server/codes`), code → message, from its sample. */
export function serverCodes(): Map<number, string> {
  const sample = referenceSample('server-codes').data as { code: number; message: string }[];
  return new Map(sample.map(({ code, message }) => [code, message]));
}
