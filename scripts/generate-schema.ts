// Writes resources/schema/print-document.v1.json from the schema's single source (src/shared/document).
// Run: npx tsx scripts/generate-schema.ts
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILE, schemaFileText } from '../src/shared/document/schema-file';

const target = path.resolve(__dirname, '..', SCHEMA_FILE);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, schemaFileText());
process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
