import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect, receipt, TicketeraError, type ConnectionState, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { FakeSocket } from './support/fake-socket';

type Answer = 'granted' | 'denied' | 'prompt';

/** Chrome's permission object as far as the client uses it: a live state and a change event. */
class FakePermission extends EventTarget {
  constructor(public state: Answer) {
    super();
  }

  set(state: Answer): void {
    this.state = state;
    this.dispatchEvent(new Event('change'));
  }
}

/** A browser page at `origin` whose navigator.permissions knows only `known` (older Chrome: the one old name). */
function page(origin: string, known: Record<string, FakePermission>, secure = true): string[] {
  const asked: string[] = [];
  const url = new URL(origin);
  vi.stubGlobal('location', { protocol: url.protocol, hostname: url.hostname, origin: url.origin });
  vi.stubGlobal('isSecureContext', secure);
  vi.stubGlobal('navigator', {
    permissions: {
      query: async ({ name }: { name: string }) => {
        asked.push(name);
        const permission = known[name];
        if (!permission) throw new TypeError(`Failed to execute 'query' on 'Permissions': The provided value '${name}' is not a valid enum value of type PermissionName.`);
        return permission;
      },
    },
  });
  return asked;
}

const clients: TicketeraClient[] = [];
const open = (url: string): TicketeraClient => {
  const client = connect(url, { WebSocket: FakeSocket });
  clients.push(client);
  return client;
};
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('an https page', () => {
  it('cannot use ws:// to another computer: connect fails at once and says to use wss://', () => {
    page('https://pos.example.com', {});
    let thrown: unknown;
    try {
      open('ws://192.168.1.20:8766/ws');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TicketeraError);
    expect(thrown).toMatchObject({ kind: 'insecure-page' });
    expect((thrown as TicketeraError).text).toContain('wss://192.168.1.20:8767/ws');
    expect(FakeSocket.created).toEqual([]);
  });

  it('may use ws:// to this computer, and wss:// anywhere', () => {
    page('https://pos.example.com', {});
    for (const url of ['ws://localhost:8766/ws', 'ws://127.0.0.1:8766/ws', 'ws://[::1]:8766/ws', 'wss://caja-01.local:8767/ws']) open(url);
    expect(FakeSocket.created.map((socket) => socket.url)).toEqual([
      'ws://localhost:8766/ws',
      'ws://127.0.0.1:8766/ws',
      'ws://[::1]:8766/ws',
      'wss://caja-01.local:8767/ws',
    ]);
  });

  it('refuses what is not a ws:// address', () => {
    expect(() => open('http://localhost:8766/ws')).toThrow(/ws:\/\//);
    expect(() => open('localhost:8766')).toThrow(TicketeraError);
  });
});

describe('Chrome’s Local Network Access permission', () => {
  it('denied: the client stops with what to do, refuses tickets, and connects by itself once allowed', async () => {
    const loopback = new FakePermission('denied');
    const asked = page('https://pos.example.com', { 'loopback-network': loopback, 'local-network-access': loopback });
    const client = open('ws://localhost:8766/ws');
    const seen: Array<[ConnectionState, TicketeraError | undefined]> = [];
    client.onState((state, problem) => seen.push([state, problem]));
    const waiting = client.print(receipt().text('Hola'), { id: 'espera' }).catch((error: unknown) => error);
    await settle();
    FakeSocket.latest().drop(); // what Chrome does to a connection the permission does not allow
    await settle();

    expect(asked[0]).toBe('loopback-network');
    expect(client.state).toBe('closed');
    const problem = seen.at(-1)?.[1];
    expect(problem?.kind).toBe('local-network-blocked');
    expect(problem?.text).toContain('"loopback-network" permission');
    expect(problem?.text).toContain('LoopbackNetworkAllowedForUrls');
    expect(problem?.text).toContain('LocalNetworkAccessAllowedForUrls');
    expect(problem?.text).toContain('https://pos.example.com');
    expect(problem?.text).toContain('allow="loopback-network');
    expect(await waiting).toMatchObject({ kind: 'local-network-blocked', id: 'espera' });
    await expect(client.print(receipt().text('otra'))).rejects.toMatchObject({ kind: 'local-network-blocked' });
    const attempts = FakeSocket.created.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.created.length).toBe(attempts);

    loopback.set('granted');
    expect(client.state).toBe('connecting');
    FakeSocket.latest().accept();
    expect(client.state).toBe('open');
  });

  it('uses the older permission name on Chrome 142–144 and the local-network one for the shop’s network', async () => {
    const old = new FakePermission('denied');
    const asked = page('https://pos.example.com', { 'local-network-access': old });
    const client = open('wss://192.168.1.20:8767/ws');
    await settle();
    FakeSocket.latest().drop();
    await settle();
    expect(asked).toEqual(['local-network', 'local-network-access']);
    await expect(client.print(receipt().text('x'))).rejects.toMatchObject({ kind: 'local-network-blocked' });
  });

  it('prompt: the state listener hears that the browser will ask, and the handshake waits for the answer', async () => {
    const permission = new FakePermission('prompt');
    page('https://pos.example.com', { 'loopback-network': permission });
    const client = open('ws://localhost:8766/ws');
    const problems: Array<TicketeraError | undefined> = [];
    client.onState((_state, problem) => problems.push(problem));
    await settle();
    expect(client.state).toBe('connecting');
    expect(problems.at(-1)?.kind).toBe('local-network-blocked');
    expect(problems.at(-1)?.text).toContain('will ask');
    await vi.advanceTimersByTimeAsync(60_000); // the cashier takes their time: no 10 s handshake limit now
    expect(FakeSocket.created).toHaveLength(1);
    permission.set('granted');
    FakeSocket.latest().accept();
    expect(client.state).toBe('open');
  });

  it('an http page that Chrome refuses is told to move to https', async () => {
    page('http://pos.example.com', { 'loopback-network': new FakePermission('denied') }, false);
    const client = open('ws://localhost:8766/ws');
    await settle();
    FakeSocket.latest().drop();
    await settle();
    await expect(client.print(receipt().text('x'))).rejects.toMatchObject({ kind: 'local-network-blocked', text: expect.stringContaining('serve the POS over https') });
  });

  it('a page on this computer, or a browser without the permission, just connects and retries', async () => {
    page('https://localhost:3000', { 'loopback-network': new FakePermission('denied') });
    const local = open('ws://localhost:8766/ws');
    await settle();
    FakeSocket.latest().drop();
    await settle();
    expect(local.state).toBe('reconnecting');

    vi.unstubAllGlobals();
    page('https://pos.example.com', {});
    const firefox = open('ws://localhost:8766/ws');
    await settle();
    FakeSocket.latest().drop();
    await settle();
    expect(firefox.state).toBe('reconnecting');
  });
});
