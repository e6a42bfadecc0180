import fs from 'node:fs';
import path from 'node:path';

/** The full example ticket of the print-document guide, so the documentation is tested as written. */
export function exampleTicket(): Record<string, unknown> {
  const markdown = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'print-documents.md'), 'utf8');
  const block = /## Full example\n+```json\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error('docs/print-documents.md has no "## Full example" json block');
  return JSON.parse(block[1]) as Record<string, unknown>;
}
