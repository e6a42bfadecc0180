import { PRINT_DOCUMENT_SCHEMA } from './print-document-schema';

export const SCHEMA_FILE = 'resources/schema/print-document.v1.json';

/** The exact text of the published schema file, so a test can tell when the file is stale. */
export function schemaFileText(): string {
  return `${JSON.stringify(PRINT_DOCUMENT_SCHEMA, null, 2)}\n`;
}
