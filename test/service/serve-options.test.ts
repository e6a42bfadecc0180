import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseServeOptions } from '../../src/main/cli/serve-options';
import { withServices } from '../support/service-harness';

describe('serve flags', () => {
  it('defaults to port 8766 on localhost with the seed limits and safe mode', () => {
    const config = parseServeOptions([], {});
    expect(config).toMatchObject({
      host: 'localhost',
      port: 8766,
      env: 'development',
      token: undefined,
      printer: undefined,
      queueCapacity: 100,
      rateLimit: 30,
      allowedOrigins: [],
      maxFrameBytes: 5 * 1024 * 1024,
      safeMode: true,
    });
  });

  it('binds every interface in production, from the flag or NODE_ENV, unless a host is given', () => {
    expect(parseServeOptions(['--env', 'production'], {}).host).toBe('0.0.0.0');
    expect(parseServeOptions([], { NODE_ENV: 'production' })).toMatchObject({ host: '0.0.0.0', env: 'production' });
    expect(parseServeOptions(['--env', 'production', '--host', '192.0.2.10'], {}).host).toBe('192.0.2.10');
  });

  it('reads every flag', () => {
    const config = parseServeOptions(
      ['--port', '9000', '--token', 't0k', '--printer', 'tcp://10.0.0.9:9100', '--queue-capacity', '5', '--rate-limit', '0',
        '--allowed-origins', 'https://tpv.example.com, http://localhost:3000', '--data-dir', '/srv/tk', '--safe-mode', 'off'],
      {},
    );
    expect(config).toMatchObject({
      port: 9000,
      token: 't0k',
      printer: 'tcp://10.0.0.9:9100',
      queueCapacity: 5,
      rateLimit: 0,
      allowedOrigins: ['https://tpv.example.com', 'http://localhost:3000'],
      dataDir: '/srv/tk',
      safeMode: false,
    });
  });

  it('takes the token from TICKETERA_TOKEN so it stays out of the process list', () => {
    expect(parseServeOptions([], { TICKETERA_TOKEN: 'secreto' }).token).toBe('secreto');
  });

  it.each([
    [['--port', '99999'], /--port must be a whole number from 0 to 65535/],
    [['--port', 'abc'], /--port/],
    [['--queue-capacity', '0'], /--queue-capacity/],
    [['--env', 'staging'], /--env must be production or development/],
    [['--allowed-origins', 'tpv.example.com'], /not an origin/],
    [['--allowed-origins', 'https://tpv.example.com/caja'], /not an origin/],
    [['--safe-mode', 'maybe'], /--safe-mode must be on or off/],
    [['--token', ''], /--token must not be empty/],
    [['--colour', 'red'], /Unknown option/],
  ])('refuses %j with a readable error', (args, message) => {
    expect(() => parseServeOptions(args, {})).toThrow(message);
  });
});

describe('binding', () => {
  const startService = withServices();

  it('serves localhost on both loopback addresses, as POS apps may use either', async () => {
    const service = await startService({ host: 'localhost' });
    const port = service.address.port;
    const v4 = await fetch(`http://127.0.0.1:${port}/health`);
    expect(v4.status).toBe(200);
    const hasIpv6Loopback = os.networkInterfaces()['lo']?.some((entry) => entry.address === '::1') ?? false;
    if (hasIpv6Loopback) expect((await fetch(`http://[::1]:${port}/health`)).status).toBe(200);
  });
});
