import { afterEach, describe, expect, it, vi } from 'vitest';
import { BytesFlow, type Outstanding } from '../../src/main/services/printers/bytes-flow';

/**
 * A stall is what a printer did, not what a busy machine did: the flow only says "stalled" when a reading taken after
 * the bound still shows no byte moved. Before, a reading delayed past the bound (its timer late on a loaded machine)
 * turned a printer that kept reading into a stopped job.
 */
describe('BytesFlow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A flow over a printer whose outstanding bytes the test sets, read every `pollMs` of fake time. */
  function flowOver(outstanding: { value: Outstanding | null }, stallMs = 4_000, pollMs = 100) {
    vi.useFakeTimers();
    return new BytesFlow(() => Promise.resolve(outstanding.value), { stallMs, pollMs, printMs: 1_000, now: Date.now }).start();
  }

  it('a printer that takes nothing for the bound, read on time, is stalled', async () => {
    const outstanding = { value: { queued: 0, inKernel: 5_000 } as Outstanding | null };
    const flow = flowOver(outstanding);
    await vi.advanceTimersByTimeAsync(3_900);
    expect(flow.state).toBe('flowing');
    await vi.advanceTimersByTimeAsync(200);
    expect(flow.state).toBe('stalled');
    flow.stop();
  });

  it('a printer that keeps taking bytes is flowing however long the job', async () => {
    const outstanding = { value: { queued: 0, inKernel: 100_000 } as Outstanding | null };
    const flow = flowOver(outstanding);
    for (let second = 0; second < 20; second += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      outstanding.value = { queued: 0, inKernel: 100_000 - (second + 1) * 4_000 };
    }
    expect(flow.state).toBe('flowing');
    flow.stop();
  });

  it('a reading that comes late (the machine was busy) is not taken for a stall: the next reading decides', async () => {
    const outstanding = { value: { queued: 0, inKernel: 50_000 } as Outstanding | null };
    const flow = flowOver(outstanding);
    await vi.advanceTimersByTimeAsync(150);
    // The process is blocked for 4.5 s: no timer runs, though the printer went on reading.
    vi.setSystemTime(Date.now() + 4_500);
    outstanding.value = { queued: 0, inKernel: 30_000 };
    expect(flow.state).toBe('flowing');
    await vi.advanceTimersByTimeAsync(100);
    expect(flow.state).toBe('flowing');
    flow.stop();
  });

  it('a probe that stops answering altogether counts as stalled at twice the bound', async () => {
    vi.useFakeTimers();
    const flow = new BytesFlow(() => new Promise<Outstanding | null>(() => undefined), { stallMs: 1_000, pollMs: 100, printMs: 0, now: Date.now }).start();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(flow.state).toBe('flowing');
    await vi.advanceTimersByTimeAsync(600);
    expect(flow.state).toBe('stalled');
    flow.stop();
  });

  it('every byte taken is "taken"', async () => {
    const outstanding = { value: { queued: 10, inKernel: 0 } as Outstanding | null };
    const flow = flowOver(outstanding);
    await vi.advanceTimersByTimeAsync(100);
    outstanding.value = { queued: 0, inKernel: 0 };
    await vi.advanceTimersByTimeAsync(100);
    expect(flow.state).toBe('taken');
    expect(flow.kernelConfirmed).toBe(true);
    flow.stop();
  });
});
