import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSourceFor } from '../../src/main/services/cloudprnt/markup/image-fetch';
import { publicOnlyDispatcher, publicOnlyLookup, type ResolveAll } from '../../src/main/services/cloudprnt/markup/public-only-dispatcher';
import { blackPng } from '../support/hostile-images';

/**
 * A CloudPRNT server on the internet names the pictures of its markup. Before, their host was looked up once to check
 * it was not private and again by fetch to connect: a name answering a public address to the first and 127.0.0.1 to
 * the second (DNS rebinding) reached the shop's own network. Now the connection's own lookup is the check, so the
 * address checked is the address used. Only loopback traffic here: the "public" answers are never connected to.
 */

/** A resolver that answers from a script, one answer per call, and counts the calls. */
function scriptedResolver(...answers: LookupAddress[][]): ResolveAll & { calls: number } {
  const resolve = Object.assign(
    (_hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
      const answer = answers[Math.min(resolve.calls, answers.length - 1)] ?? [];
      resolve.calls += 1;
      setImmediate(() => callback(null, answer));
    },
    { calls: 0 },
  );
  return resolve;
}

type Looked = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookUp(resolve: ResolveAll, options: { all?: boolean; family?: number }): Promise<Looked> {
  return new Promise((done) => publicOnlyLookup(resolve)('images.shop-cdn.test', options, (error, address, family) => done({ error, address, family })));
}

describe('the pictures of an internet server connect only to the public address that was checked', () => {
  it('hands the socket exactly the public addresses it checked, asking the resolver once', async () => {
    const resolve = scriptedResolver([{ address: '203.0.113.7', family: 4 }], [{ address: '127.0.0.1', family: 4 }]);
    expect(await lookUp(resolve, { all: true })).toEqual({ error: null, address: [{ address: '203.0.113.7', family: 4 }], family: undefined });
    expect(resolve.calls).toBe(1);
    const single = scriptedResolver([{ address: '2001:db8::7', family: 6 }]);
    expect(await lookUp(single, {})).toMatchObject({ error: null, address: '2001:db8::7', family: 6 });
  });

  it('refuses a name with any private or local answer: loopback, the router, cloud metadata, IPv6 unique-local', async () => {
    for (const address of ['127.0.0.1', '192.168.1.1', '169.254.169.254', 'fd00::1', '::ffff:10.0.0.1']) {
      const family = address.includes(':') ? 6 : 4;
      const looked = await lookUp(scriptedResolver([{ address: '203.0.113.7', family: 4 }, { address, family }]), { all: true });
      expect(looked.error?.message, address).toMatch(/private or local address/);
    }
  });

  describe('through a real HTTP fetch', () => {
    let requests = 0;
    let server: http.Server;
    let port = 0;
    beforeAll(async () => {
      server = http.createServer((_request, response) => {
        requests += 1;
        response.writeHead(200, { 'content-type': 'image/png' }).end(blackPng(8, 8));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('a picture whose name now answers 127.0.0.1 is refused before any connection: the local server hears nothing', async () => {
      const pictures = imageSourceFor(false, { publicOnly: publicOnlyDispatcher(scriptedResolver([{ address: '127.0.0.1', family: 4 }])) });
      await expect(pictures(`http://images.shop-cdn.test:${port}/logo.png`)).rejects.toThrow('the image is on a private or local address and the server is not');
      expect(requests).toBe(0);
    });

    it('a server on the shop network may name pictures on it, as before', async () => {
      const pictures = imageSourceFor(true);
      const bytes = await pictures(`http://127.0.0.1:${port}/logo.png`);
      expect(Buffer.from(bytes).subarray(1, 4).toString()).toBe('PNG');
      expect(requests).toBe(1);
    });
  });
});
