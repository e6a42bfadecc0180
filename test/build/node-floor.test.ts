import fs from 'node:fs';
import path from 'node:path';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

interface Manifest {
  engines?: { node?: unknown };
}
interface Lock {
  packages: Record<string, Manifest>;
}

const floor = (read('package.json') as Manifest).engines?.node;
const lock = read('package-lock.json') as Lock;

/**
 * The Node versions the project says it runs on (package.json `engines.node`) start where every locked package's own
 * `engines.node` does: below it, `npm install` warns about some package, and that package may not work at all (the
 * WebAssembly build of rolldown and its runtime ask for 22.13).
 */
describe('the Node version the project asks for', () => {
  it('is a version every locked package accepts', () => {
    expect(typeof floor).toBe('string');
    const lowest = minVersion(floor as string);
    expect(lowest, `engines.node "${String(floor)}"`).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([name, manifest]) => name !== '' && typeof manifest.engines?.node === 'string')
      .filter(([, manifest]) => !satisfies(lowest ?? '0.0.0', manifest.engines?.node as string))
      .map(([name, manifest]) => `${name} (engines.node ${String(manifest.engines?.node)})`);
    expect(refusing, `Node ${String(lowest)}, the lowest "${String(floor)}" allows, is refused by`).toEqual([]);
  });

  it('is the same in package-lock.json and in what the README asks for', () => {
    expect(lock.packages['']?.engines?.node).toBe(floor);
    const lowest = minVersion(floor as string);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${String(lowest?.major)} LTS (${String(lowest?.major)}.${String(lowest?.minor)} or newer)`);
  });
});
