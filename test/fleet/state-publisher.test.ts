import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { PrintService } from '../../src/main/services/print-service';
import type { SiteState } from '../../src/main/services/fleet/site-state';
import { StatePublisher } from '../../src/main/services/fleet/state-publisher';

/**
 * The goodbye must be the last word. A state being read when the site stops (the printers are asked, which takes a
 * moment) was sent after the fleet's "stopped": the broker then kept "online" retained for a site that was gone —
 * seen once in CI as `fleet-state`'s clean stop reading `online: true`.
 */
describe('StatePublisher', () => {
  const service = { queue: new EventEmitter(), monitors: new EventEmitter() } as unknown as PrintService;
  const online: SiteState = { online: true, site: 'sur', at: '2026-11-28T06:00:00.000Z', version: 'test' };

  function publisherWithSlowState(): { publisher: StatePublisher; sent: string[]; answer: () => void } {
    const sent: string[] = [];
    let answer: () => void = () => undefined;
    const publisher = new StatePublisher(service, {
      site: 'sur',
      env: 'test',
      version: 'test',
      lastTicketAt: () => null,
      publish: async (payload) => {
        sent.push(payload);
      },
      stateOf: () => new Promise<SiteState>((resolve) => (answer = () => resolve(online))),
    });
    return { publisher, sent, answer: () => answer() };
  }

  it('a state read before stop() but ready after it is not sent', async () => {
    const { publisher, sent, answer } = publisherWithSlowState();
    publisher.start();
    publisher.now();
    publisher.stop();
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
  });

  it('while running, the state read is sent', async () => {
    const { publisher, sent, answer } = publisherWithSlowState();
    publisher.start();
    publisher.now();
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    publisher.stop();
    expect(sent.map((payload) => JSON.parse(payload) as SiteState)).toEqual([online]);
  });
});
