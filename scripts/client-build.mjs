// Builds clients/js (the POS developer's library) into clients/js/dist with the repository's TypeScript: ESM
// (.mjs) and declarations (.d.mts). The folder is emptied first so a renamed source leaves nothing stale behind.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(root, 'clients/js');
fs.rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true });
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const build = spawnSync(process.execPath, [tsc, '-p', path.join(packageDir, 'tsconfig.json')], { stdio: 'inherit' });
process.exit(build.status ?? 1);
