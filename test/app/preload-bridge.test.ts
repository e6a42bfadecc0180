import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketeraApi } from '../../src/shared/contract/api';
import { EVENT_CHANNEL, channelOf } from '../../src/shared/contract/channels';
import type { AppEvent } from '../../src/shared/contract/events';
import { METHOD_NAMES } from '../../src/shared/contract/methods';

type Forward = (event: unknown, payload: unknown) => void;

const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<Forward>>();
  const invoke = vi.fn(async (_channel: string, _input: unknown): Promise<unknown> => ({ ok: true, value: 'answer' }));
  return {
    exposed,
    listeners,
    invoke,
    module: {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: {
        invoke,
        on: (channel: string, forward: Forward) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(forward)),
        removeListener: (channel: string, forward: Forward) => listeners.get(channel)?.delete(forward),
      },
    },
  };
});
vi.mock('electron', () => electron.module);

describe('preload bridge', () => {
  let api: TicketeraApi;
  beforeAll(async () => {
    await import('../../src/preload/index');
    api = electron.exposed.get('api') as TicketeraApi;
  });

  it('exposes exactly the contract and a subscription, under one name', () => {
    expect([...electron.exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES, 'subscribe'].sort());
  });

  it('sends each method on its contract channel and unwraps the envelope', async () => {
    for (const method of METHOD_NAMES) {
      electron.invoke.mockClear();
      const call = api[method] as (input?: unknown) => Promise<unknown>;
      await expect(call({ probe: method })).resolves.toBe('answer');
      expect(electron.invoke).toHaveBeenCalledWith(channelOf(method), { probe: method });
    }
    electron.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'invalid-input', message: 'input.id must be a string' } });
    await expect(api.getJob({ id: 'x' })).rejects.toThrow('input.id must be a string');
  });

  it('forwards only well-formed events and stops on unsubscribe', () => {
    const received: AppEvent[] = [];
    const unsubscribe = api.subscribe((event) => received.push(event));
    const emit = (payload: unknown): void => electron.listeners.get(EVENT_CHANNEL)?.forEach((forward) => forward({}, payload));
    emit({ type: 'job.printed', id: '1', mensaje: 'Print completed in 3ms', printerUri: 'virtual' });
    emit({ type: 'something-else' });
    emit('text');
    unsubscribe();
    emit({ type: 'job.failed', id: '2', mensaje: 'PRINTER: offline', printerUri: null });
    expect(received).toEqual([{ type: 'job.printed', id: '1', mensaje: 'Print completed in 3ms', printerUri: 'virtual' }]);
  });
});
