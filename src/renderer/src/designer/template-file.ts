import type { TemplateSample } from '../../../shared/contract/types';
import type { TextKey } from '../i18n';
import { isKnownType, typeOf } from './blocks';

/** What an exported template file holds; a bare print document (what a POS sends as `datos`) imports too. */
export interface TemplateFile {
  name: string | undefined;
  document: unknown;
  samples: TemplateSample[];
}

export type ImportResult = { ok: true; file: TemplateFile } | { ok: false; reason: TextKey };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A receipt is an object with a list of blocks, each of a type this window knows. */
function receiptProblem(document: unknown): TextKey | undefined {
  if (!isObject(document) || !Array.isArray(document['commands'])) return 'importNotReceipt';
  const unknown = document['commands'].find((command) => !isKnownType(typeOf(command)));
  return unknown === undefined ? undefined : 'importUnknownBlock';
}

function samplesFrom(value: unknown): TemplateSample[] {
  if (!Array.isArray(value)) return [];
  return value.filter((sample): sample is TemplateSample => isObject(sample) && typeof sample['name'] === 'string' && typeof sample['value'] === 'string');
}

/** Reads a file chosen to import: an exported template or a bare document; why not, in words for the page. */
export function readTemplateFile(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'importNotJson' };
  }
  const exported = isObject(parsed) && 'document' in parsed ? parsed : undefined;
  const document = exported ? exported['document'] : parsed;
  const problem = receiptProblem(document);
  if (problem) return { ok: false, reason: problem };
  const name = typeof exported?.['name'] === 'string' && exported['name'].trim() !== '' ? exported['name'].trim() : undefined;
  return { ok: true, file: { name, document, samples: samplesFrom(exported?.['samples']) } };
}

export const templateFileText = (file: TemplateFile): string => JSON.stringify({ name: file.name, samples: file.samples, document: file.document }, null, 2);

/** A file name any system accepts, from a template name that may hold `/`-free punctuation only (see the contract). */
export const fileNameOf = (name: string | undefined): string => `${(name ?? '').replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'ticket'}.json`;

/** Starts the browser's download of a text file (no server round trip: the window has the document). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
