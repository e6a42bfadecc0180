import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

let bundled: Promise<string> | undefined;

/**
 * Bundles the CLI the way it ships (one JS file, native modules left to node_modules), so memory and latency
 * are measured without tsx's transpiler living in the process. Bundled once per bench run; every section shares it.
 */
export function bundleServiceCli(): Promise<string> {
  bundled ??= bundle();
  return bundled;
}

async function bundle(): Promise<string> {
  const root = path.resolve(__dirname, '..');
  // Inside the project (git-ignored) so the bundle finds the native modules in node_modules.
  const outdir = path.join(root, '.tmp', 'bench');
  fs.mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: {
      cli: path.join(root, 'src/main/cli/index.ts'),
      'encode-worker': path.join(root, 'src/main/services/encoding/offthread/encode-worker.ts'),
      'checkpoint-worker': path.join(root, 'src/main/services/journal/checkpoint-worker.ts'),
      'answer-read-worker': path.join(root, 'src/main/services/http/answer-read-worker.ts'),
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    outdir,
    external: ['better-sqlite3', 'koffi', 'usb'],
    logLevel: 'warning',
    // Whitespace and comments only: V8 pre-parses the whole file at start-up (~10 bytes of memory per byte of
    // source), and one non-Latin-1 character in a comment makes it keep the source as two-byte text. Full minifying
    // measured worse (idle 87 vs 77 MB): its `(()=>{…})()` shapes make V8 compile those functions eagerly.
    minifyWhitespace: true,
    legalComments: 'none',
  });
  return path.join(outdir, 'cli.js');
}
