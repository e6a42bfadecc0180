import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createVirtualTransport, safeFileName } from '../../src/main/platform/virtual/virtual-transport';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-names-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Ids that the old mapping (replace unsafe characters by `_`, cut at 120) sent to the same file. */
const CLASHING = [
  ['a/b', 'a_b', 'a b', 'a\\b'],
  ['venta€1', 'venta_1'],
  ['.hidden', '_hidden'],
  ['', 'job'],
  [`${'x'.repeat(120)}-first`, `${'x'.repeat(120)}-second`],
  ['Venta-1', 'venta-1'],
  ['con', 'CON'],
];

describe('virtual printer file names', () => {
  it('gives every id its own file, through the real printer, including ids that used to clash', async () => {
    const printer = createVirtualTransport(work, () => Uint8Array.of(0x89));
    const ids = CLASHING.flat();
    for (const [index, id] of ids.entries()) await printer.send({ id, bytes: Uint8Array.of(index) });
    const binFiles = fs.readdirSync(work).filter((name) => name.endsWith('.bin'));
    expect(binFiles).toHaveLength(ids.length);
    // Each job's bytes are still there: no later job overwrote an earlier one.
    for (const [index, id] of ids.entries()) expect([...fs.readFileSync(path.join(work, `${safeFileName(id)}.bin`))]).toEqual([index]);
  });

  it('is injective, also when letter case is ignored (Windows and macOS disks)', () => {
    const ids = [...CLASHING.flat(), 'a_b~0000000000000000', 'x'.repeat(121), 'x'.repeat(120), 'prn.txt', 'lpt1', 'caja-1.venta_2'];
    const names = ids.map((id) => safeFileName(id).toLowerCase());
    expect(new Set(names).size).toBe(ids.length);
  });

  it('keeps readable ids as they are and only adds a short hash to the others', () => {
    expect(safeFileName('venta-001')).toBe('venta-001');
    expect(safeFileName('3f0e8a4c-1d2b-4c5d-8e9f-0a1b2c3d4e5f')).toBe('3f0e8a4c-1d2b-4c5d-8e9f-0a1b2c3d4e5f');
    expect(safeFileName('a/b')).toMatch(/^a_b~[0-9a-f]{16}$/);
    expect(safeFileName('../../etc/passwd')).toMatch(/^__\.\._etc_passwd~[0-9a-f]{16}$/);
    expect(safeFileName('x'.repeat(500))).toMatch(/^x{100}~[0-9a-f]{16}$/);
  });

  it('never names a path outside the folder or a Windows device', () => {
    for (const id of ['..', '.', '../x', 'a\\..\\b', '/abs', 'con', 'NUL', 'com1.bin', 'a\u0000b']) {
      const name = safeFileName(id);
      expect(path.dirname(path.join(work, `${name}.bin`)), id).toBe(work);
      expect(name.startsWith('.'), id).toBe(false);
      expect(/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(name.split('.')[0] ?? ''), id).toBe(false);
    }
  });
});
