import fs from 'node:fs';
import path from 'node:path';

/** The full example ticket of docs/print-document.md, so the documentation is tested as written. */
export function exampleTicket(): Record<string, unknown> {
  const markdown = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'print-document.md'), 'utf8');
  const block = /```json\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error('docs/print-document.md has no json example');
  return JSON.parse(block[1]) as Record<string, unknown>;
}
