import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const fixture = path.join(__dirname, 'fixtures/builder-usage.ts');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const DIRECTIVE = /^\s*\/\/ @ts-expect-error\b/;

/** Type-checks one project with the repository's TypeScript; returns the lines (1-based) of `file` that have errors. */
function typeCheck(project: string, file: string): { status: number | null; errorLines: number[]; output: string } {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const name = path.basename(file);
  const errorLines = [...output.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+/gm)]
    .filter((match) => path.basename(match[1] ?? '') === name)
    .map((match) => Number(match[2]));
  return { status: run.status, errorLines, output };
}

describe('the receipt builder’s types, from the published schema', () => {
  it('compile correct usage, and each mistake in the fixture fails on its own line', () => {
    const clean = typeCheck(path.join(__dirname, 'fixtures/tsconfig.json'), fixture);
    expect(clean.output).toBe('');
    expect(clean.status).toBe(0);

    // Without the directives, every marked line must be an error, and no other line: a directive whose line
    // compiled would have failed the run above too ("Unused '@ts-expect-error' directive").
    const source = fs.readFileSync(fixture, 'utf8').split('\n');
    const marked = source.flatMap((line, index) => (DIRECTIVE.test(line) ? [index + 2] : []));
    expect(marked.length).toBeGreaterThanOrEqual(12);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-types-'));
    const stripped = path.join(work, 'builder-usage.ts');
    const library = path.join(root, 'clients/js/src/index.mjs').split(path.sep).join('/');
    fs.writeFileSync(
      stripped,
      source.map((line) => (DIRECTIVE.test(line) ? '//' : line.replace("'../../../clients/js/src/index.mjs'", `'${library}'`))).join('\n'),
    );
    fs.writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(root, 'tsconfig.json'),
        compilerOptions: { noEmit: true, typeRoots: [path.join(root, 'node_modules/@types')] },
        include: [],
        files: ['builder-usage.ts'],
      }),
    );
    const broken = typeCheck(path.join(work, 'tsconfig.json'), stripped);
    fs.rmSync(work, { recursive: true, force: true });
    expect(broken.status).not.toBe(0);
    expect([...new Set(broken.errorLines)].sort((a, b) => a - b)).toEqual(marked);
  });
});
