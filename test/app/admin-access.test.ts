import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CONTRACT, METHOD_NAMES } from '../../src/shared/contract/methods';
import { httpApiRoute } from '../../src/main/services/app-api/http-api-route';
import { isLoopback, mayAdminister } from '../../src/main/services/app-api/request-guard';

/** A request as the HTTP server sees it, from a peer address (192.0.2.0/24 is documentation space, never dialled). */
const from = (remoteAddress: string): IncomingMessage => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('who may change settings over HTTP', () => {
  it('treats only this computer as loopback, in every notation Node reports', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '2001:db8::1', '0.0.0.0', '']) expect(isLoopback(address), address).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it('without a token, takes admin calls from this computer only; with a token, from any signed-in caller', () => {
    expect(mayAdminister(from('127.0.0.1'), false)).toBe(true);
    expect(mayAdminister(from('192.0.2.10'), false)).toBe(false);
    expect(mayAdminister(from('192.0.2.10'), true)).toBe(true);
  });

  it('marks exactly the calls that change how the service runs as admin', () => {
    // And the organization admin's calls, which spend and change the translation account's developer keys.
    const admin = ['adminListKeys', 'adminCreateKey', 'adminRenameKey', 'adminSetKeyLimits', 'adminDeactivateKey', 'adminUsage', 'adminCustomTags'];
    // And the answers to "may this site print?", which decide who may print.
    const origins = ['answerOrigin', 'forgetOrigin', 'forgetDomain'];
    // And "Añadir impresora"'s look-ups, which make the service open connections on the local network and read USB.
    const addPrinter = ['probePrinter', 'usbDevices'];
    // And the online-order servers, which decide who prints in the shop and make the service poll a server.
    const onlineOrders = ['saveOnlineOrder', 'removeOnlineOrder', 'testOnlineOrder'];
    expect(METHOD_NAMES.filter((name) => CONTRACT[name].access === 'admin')).toEqual(['updateSettings', ...origins, ...onlineOrders, ...admin, ...addPrinter]);
  });
});

describe('the HTTP API route', () => {
  /** Calls the route as the server would for a trusted same-origin POST from `remoteAddress`, and returns the status. */
  async function statusFor(method: string, remoteAddress: string, tokenRequired: boolean): Promise<number> {
    const request = Object.assign(Readable.from([Buffer.from('{}')]), {
      method: 'POST',
      headers: { host: '192.0.2.1:8766', origin: 'http://192.0.2.1:8766', 'content-type': 'application/json' },
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;
    let status = 0;
    const response = { writeHead: (code: number) => void (status = code), end: () => undefined, headersSent: false } as unknown as ServerResponse;
    const route = httpApiRoute(() => undefined);
    await route(request, response, new URL(`http://192.0.2.1:8766/api/${method}`), { isSignedIn: () => true, tokenRequired, renewSessions: () => '' });
    return status;
  }

  it('without a token, refuses every call from another computer (issue 20 item 11); with one, lets signed-in callers through', async () => {
    expect(await statusFor('updateSettings', '192.0.2.10', false)).toBe(403);
    expect(await statusFor('getStatus', '192.0.2.10', false)).toBe(403);
    // Past the checks these reach the (absent) handlers: 500 "service restarting", not 403.
    expect(await statusFor('updateSettings', '127.0.0.1', false)).toBe(500);
    expect(await statusFor('getStatus', '::ffff:127.0.0.1', false)).toBe(500);
    expect(await statusFor('updateSettings', '192.0.2.10', true)).toBe(500);
    expect(await statusFor('getStatus', '192.0.2.10', true)).toBe(500);
  });
});
