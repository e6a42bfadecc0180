import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TlsFileError, readTlsFile } from '../../src/main/services/server/tls-file';

const reasonOf = async (read: Promise<unknown>): Promise<string | undefined> => {
  try {
    await read;
  } catch (error) {
    if (error instanceof TlsFileError) return error.reason;
    throw error;
  }
  throw new Error('the read was not refused');
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading a certificate or key file within bounds', () => {
  it('gives up after its time limit when the file system does not answer (a network drive gone silent)', async () => {
    vi.spyOn(fs.promises, 'stat').mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    expect(await reasonOf(readTlsFile('/mnt/caja/cert.pem', { maxBytes: 1024, timeoutMs: 100 }))).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it.skipIf(process.platform !== 'linux')('counts what it reads, not what the file claims: a /proc file says 0 bytes', async () => {
    expect(fs.statSync('/proc/self/maps').size).toBe(0);
    expect(await reasonOf(readTlsFile('/proc/self/maps', { maxBytes: 16, timeoutMs: 5_000 }))).toBe('too-large');
  });

  it.skipIf(process.platform === 'win32')('refuses a character device without reading it', async () => {
    expect(await reasonOf(readTlsFile('/dev/zero'))).toBe('not-a-file');
  });
});
