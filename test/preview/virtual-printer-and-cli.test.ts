import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { createVirtualTransport, safeFileName } from '../../src/main/platform/virtual/virtual-transport';
import { exampleTicket } from '../documents/example-ticket';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-preview-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const blackDots = (png: PNG): number => {
  let count = 0;
  for (let at = 0; at < png.data.length; at += 4) if (png.data[at] === 0) count++;
  return count;
};

describe('the virtual printer', () => {
  it('keeps <job>.bin and the <job>.png those bytes print as', async () => {
    const bytes = encodeDocument(exampleTicket(), { safeMode: true });
    await createVirtualTransport(work).send({ id: 'job/../1', bytes });
    const name = safeFileName('job/../1');
    expect(name).toMatch(/^job_\.\._1~[0-9a-f]{16}$/);
    expect(new Uint8Array(fs.readFileSync(path.join(work, `${name}.bin`)))).toEqual(bytes);
    const png = PNG.sync.read(fs.readFileSync(path.join(work, `${name}.png`)));
    expect(png.width).toBe(576);
    expect(png.height).toBeGreaterThan(600);
    expect(blackDots(png)).toBeGreaterThan(10_000);
  });

  it('previews an empty job as a blank strip', async () => {
    await createVirtualTransport(work).send({ id: 'empty', bytes: new Uint8Array([0x1b, 0x40]) });
    const png = PNG.sync.read(fs.readFileSync(path.join(work, 'empty.png')));
    expect([png.width, png.height, blackDots(png)]).toEqual([576, 1, 0]);
  });
});

describe('npm run cli -- render', () => {
  const cli = (args: string[]) =>
    spawnSync(path.join('node_modules', '.bin', 'tsx'), ['src/main/cli/index.ts', 'render', ...args], { encoding: 'utf8', cwd: path.join(__dirname, '..', '..') });

  it('writes the ESC/POS bytes and the preview PNG of a document', () => {
    const documentFile = path.join(work, 'ticket.json');
    fs.writeFileSync(documentFile, JSON.stringify({ ...exampleTicket(), profile: { model: 'epson', paper_width: 58 } }));
    const result = cli([documentFile, '--escpos', path.join(work, 'out.bin'), '--png', path.join(work, 'out.png')]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(fs.readFileSync(path.join(work, 'out.bin'))[0]).toBe(0x1b);
    expect(PNG.sync.read(fs.readFileSync(path.join(work, 'out.png'))).width).toBe(384);
  });

  it('exits non-zero with the category text for an invalid document', () => {
    const documentFile = path.join(work, 'bad.json');
    fs.writeFileSync(documentFile, JSON.stringify({ version: '1.0', commands: [{ type: 'qr', data: { data: '' } }] }));
    const result = cli([documentFile, '--png', path.join(work, 'bad.png')]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('QR: commands[0].data.data must not be empty');
    expect(fs.existsSync(path.join(work, 'bad.png'))).toBe(false);
  });

  it('reports JSON errors and usage errors', () => {
    const broken = path.join(work, 'broken.json');
    fs.writeFileSync(broken, '{ "version": ');
    expect(cli([broken]).stderr).toMatch(/^JSON: /);
    expect(cli([]).status).toBe(2);
  });
});
