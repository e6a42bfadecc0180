import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

describe('the client library’s document types', () => {
  it('are what the published schema generates today (run `npm run client:types` when this fails)', () => {
    const fresh = execFileSync(process.execPath, [path.join(root, 'scripts/client-types.mjs'), '--stdout'], { encoding: 'utf8' });
    const committed = fs.readFileSync(path.join(root, 'clients/js/src/document-types.generated.mts'), 'utf8');
    expect(fresh).toContain('export interface TextCommand');
    expect(committed).toBe(fresh);
  });
});
