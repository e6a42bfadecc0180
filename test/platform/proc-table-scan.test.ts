import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcTableScan } from '../../src/main/platform/tcp/proc-table-scan';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A table shaped like /proc/net/tcp, `lines` connections long, in a plain file (read in 64 KiB pieces, lines cut). */
function table(lines: number): { file: string; key: (index: number) => string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-table-'));
  dirs.push(dir);
  const hex = (value: number, width: number): string => value.toString(16).toUpperCase().padStart(width, '0');
  const key = (index: number): string => `0100007F:${hex(1000 + index, 4)} 0100007F:${hex(9100, 4)} `;
  const rows = ['  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode'];
  for (let index = 0; index < lines; index += 1) {
    rows.push(`${String(index).padStart(4)}: ${key(index)}${hex(index % 11, 2)} ${hex(index * 3, 8)}:00000000 00:00000000 00000000     0        0 ${index} 1 0000000000000000 20 4 30 10 -1`);
  }
  const file = path.join(dir, 'tcp');
  fs.writeFileSync(file, `${rows.join('\n')}\n`);
  return { file, key };
}

describe('ProcTableScan: finding connections in the kernel table', () => {
  it('finds lines anywhere in a table read in many pieces, lines cut between pieces included', async () => {
    const { file, key } = table(3000);
    const scan = new ProcTableScan(file);
    const indexes = Array.from({ length: 3000 }, (_, index) => index);
    const answers = await Promise.all(indexes.map((index) => scan.lookup(key(index))));
    expect(answers).toEqual(indexes.map((index) => ({ state: index % 11, unacknowledged: index * 3 })));
    expect(await scan.lookup(key(2999))).toEqual({ state: 2999 % 11, unacknowledged: 2999 * 3 });
  });

  it('answers every question asked together, in one pass, found or gone', async () => {
    const { file, key } = table(2000);
    const scan = new ProcTableScan(file);
    const answers = await Promise.all([scan.lookup(key(1999)), scan.lookup(key(5)), scan.lookup(key(5)), scan.lookup(key(4000)), scan.lookup(key(1000))]);
    expect(answers).toEqual([
      { state: 1999 % 11, unacknowledged: 1999 * 3 },
      { state: 5, unacknowledged: 15 },
      { state: 5, unacknowledged: 15 },
      'gone',
      { state: 1000 % 11, unacknowledged: 3000 },
    ]);
  });

  it('says it cannot tell when the table cannot be read', async () => {
    const scan = new ProcTableScan(path.join(os.tmpdir(), 'no-such-dir-for-proc-table', 'tcp'));
    expect(await scan.lookup('0100007F:0001 0100007F:238C ')).toBeUndefined();
  });
});
