// Generates the client library's document types from the published schema, so a POS developer's editor knows every
// command and field. `npm run client:types` writes clients/js/src/document-types.generated.mts; `--stdout` prints
// it instead (the staleness test compares the two).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(root, 'resources/schema/print-document.v1.json');
const outputFile = path.join(root, 'clients/js/src/document-types.generated.mts');

const banner = `/* Generated from resources/schema/print-document.v1.json by \`npm run client:types\`: do not edit by hand. */`;

export async function generateDocumentTypes() {
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  return compile(schema, 'PrintDocument', {
    bannerComment: banner,
    // Every command's data type gets a name of its own, for the builder's option types.
    unreachableDefinitions: true,
    additionalProperties: false,
    // A tuple type for `minItems: 1` would refuse `columns: someArray`; the service checks the count anyway.
    ignoreMinAndMaxItems: true,
    cwd: path.dirname(schemaFile),
  });
}

const source = await generateDocumentTypes();
if (process.argv.includes('--stdout')) process.stdout.write(source);
else {
  fs.writeFileSync(outputFile, source);
  console.log(`wrote ${path.relative(root, outputFile)}`);
}
