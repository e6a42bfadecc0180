import { describe, it } from 'vitest';

export { mountSmallVolume, type SmallVolume } from './small-volume';

const canMount = process.getuid?.() === 0;

/**
 * `describe` for suites that need a real full disk (a tmpfs mount, so root): CI runs as root and must run them;
 * elsewhere they are skipped with the reason.
 */
export function describeWithTmpfs(name: string, suite: () => void): void {
  if (canMount) describe(name, suite);
  else if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('needs root to mount a tmpfs in CI', () => {
        throw new Error('CI must run as root: the full-disk tests mount a small tmpfs');
      });
    });
  } else describe.skip(`${name} [skipped: mounting a tmpfs needs root]`, suite);
}
