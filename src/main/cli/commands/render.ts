import fs from 'node:fs/promises';
import { resultTextOf } from '../../../shared/job-error';
import { encodeDocument } from '../../services/encoding/encode-document';
import { previewBytes } from '../../services/encoding/preview-document';
import { rasterToPng } from '../../services/encoding/raster-png';
import type { CliCommand } from '../command';

const USAGE = 'render DOC.json [--escpos OUT.bin] [--png OUT.png] [--safe-mode on|off]';

interface RenderArgs {
  document: string;
  escpos?: string;
  png?: string;
  safeMode: boolean;
}

function parseArgs(args: string[]): RenderArgs {
  const parsed: Partial<RenderArgs> = { safeMode: true };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const value = (): string => {
      const next = args[++index];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--escpos') parsed.escpos = value();
    else if (arg === '--png') parsed.png = value();
    else if (arg === '--safe-mode') {
      const mode = value();
      if (mode !== 'on' && mode !== 'off') throw new Error('--safe-mode takes on or off');
      parsed.safeMode = mode === 'on';
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (parsed.document === undefined) parsed.document = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (parsed.document === undefined) throw new Error('DOC.json is required');
  return { safeMode: true, ...parsed, document: parsed.document };
}

export const renderCommand: CliCommand = {
  name: 'render',
  usage: USAGE,
  summary: 'Encodes a print document to ESC/POS (--escpos) and renders the preview those bytes print as (--png).',
  async run(args) {
    let options: RenderArgs;
    try {
      options = parseArgs(args);
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${USAGE}\n`);
      return 2;
    }
    let datos: unknown;
    try {
      datos = JSON.parse(await fs.readFile(options.document, 'utf8'));
    } catch (error) {
      process.stderr.write(`JSON: ${options.document}: ${(error as Error).message}\n`);
      return 1;
    }
    let bytes: Uint8Array;
    try {
      bytes = encodeDocument(datos, { safeMode: options.safeMode });
    } catch (error) {
      process.stderr.write(`${resultTextOf(error)}\n`);
      return 1;
    }
    if (options.escpos) await fs.writeFile(options.escpos, bytes);
    if (options.png) await fs.writeFile(options.png, rasterToPng(previewBytes(bytes, datos)));
    process.stdout.write(`${bytes.length} bytes${options.escpos ? ` → ${options.escpos}` : ''}${options.png ? `, preview → ${options.png}` : ''}\n`);
    return 0;
  },
};
