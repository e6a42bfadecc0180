// The two rules behind a fair share of the queue, without sockets: who may take a slot (DoorHoldings, shareOf) and
// which waiting job a printer takes next (FairWaiting). Through real sockets: fair-share.test.ts.
import { describe, expect, it } from 'vitest';
import { COMPETING_MS, DoorHoldings, shareOf, unverifiedDoor } from '../../src/main/services/queue/door';
import { FairWaiting } from '../../src/main/services/queue/fair-waiting';

const job = (door: string, n: number) => ({ id: `${door}-${n}`, datos: {}, requestedPrinter: null, door });

describe('a requester\'s share of the slots', () => {
  it('keeps a fifth of the capacity, once requesters compete, for those holding fewer than a quarter of it', () => {
    expect(shareOf(100)).toEqual({ reserve: 20, light: 5 });
    expect(shareOf(3)).toEqual({ reserve: 1, light: 1 });
    expect(shareOf(1)).toEqual({ reserve: 1, light: 1 });
  });

  it('gives a requester alone the whole capacity, as the protocol promises a lone till', () => {
    const holdings = new DoorHoldings();
    let n = 0;
    while (holdings.hasRoomFor('caja', 100, 0)) holdings.add(`caja-${n++}`, 'caja');
    expect(holdings.heldBy('caja')).toBe(100);
  });

  it('once a till competes, stops a burst at capacity − reserve, takes the till from the reserve, and two bursts cannot take the reserve', () => {
    const holdings = new DoorHoldings();
    // The till printed a receipt a moment ago (it holds none now): it is still there.
    expect(holdings.hasRoomFor('caja', 100, 0)).toBe(true);
    let n = 0;
    while (holdings.hasRoomFor('nube', 100, 1_000)) holdings.add(`nube-${n++}`, 'nube');
    expect(holdings.heldBy('nube')).toBe(80);
    // A second burst gets only what a light requester may hold.
    n = 0;
    while (holdings.hasRoomFor('otra-nube', 100, 1_000)) holdings.add(`otra-${n++}`, 'otra-nube');
    expect(holdings.heldBy('otra-nube')).toBe(5);
    // Tills still get slots, up to the capacity.
    expect(holdings.hasRoomFor('caja', 100, 1_000)).toBe(true);
    for (let t = 0; t < 15; t += 1) holdings.add(`caja-${t}-${t % 3}`, `caja-${t % 3}`);
    expect(holdings.size).toBe(100);
    expect(holdings.hasRoomFor('caja-nueva', 100, 1_000)).toBe(false);
    // A finished job gives its slot back, to the door that held it.
    holdings.delete('nube-0');
    expect(holdings.heldBy('nube')).toBe(79);
    expect(holdings.hasRoomFor('caja-nueva', 100, 1_000)).toBe(true);
    expect(holdings.hasRoomFor('nube', 100, 1_000)).toBe(false);
  });

  it('a burst that filled the queue alone gets no slot back once a till asked: the till takes the next one that frees', () => {
    const holdings = new DoorHoldings();
    let n = 0;
    while (holdings.hasRoomFor('nube', 100, 0)) holdings.add(`nube-${n++}`, 'nube');
    expect(holdings.heldBy('nube')).toBe(100);
    expect(holdings.hasRoomFor('caja', 100, 1_000)).toBe(false);
    holdings.delete('nube-0');
    expect(holdings.hasRoomFor('nube', 100, 2_000)).toBe(false);
    expect(holdings.hasRoomFor('caja', 100, 3_000)).toBe(true);
    // A till quiet for longer than COMPETING_MS, holding nothing, no longer keeps the reserve from a burst.
    expect(holdings.hasRoomFor('nube', 100, 3_000 + COMPETING_MS)).toBe(true);
  });

  it("never gives the unverified door the reserve, even alone: it is anyone on the network", () => {
    const holdings = new DoorHoldings();
    const anyone = unverifiedDoor('epos');
    let n = 0;
    while (holdings.hasRoomFor(anyone, 100, 0)) holdings.add(`epos-${n++}`, anyone);
    expect(holdings.heldBy(anyone)).toBe(80);
    expect(holdings.hasRoomFor('caja', 100, 0)).toBe(true);
  });

  it('with capacity 1, the one slot is anyone\'s', () => {
    const holdings = new DoorHoldings();
    expect(holdings.hasRoomFor('a', 1)).toBe(true);
    holdings.add('a-1', 'a');
    expect(holdings.hasRoomFor('b', 1)).toBe(false);
  });
});

describe('a printer\'s turns', () => {
  it('takes jobs in turns by requester, each requester\'s in order', () => {
    const waiting = new FairWaiting();
    for (let n = 0; n < 4; n += 1) waiting.push(job('nube', n));
    waiting.push(job('caja', 0));
    waiting.push(job('caja', 1));
    expect(waiting.takeAll().map((taken) => taken.id)).toEqual(['nube-0', 'caja-0', 'nube-1', 'caja-1', 'nube-2', 'nube-3']);
  });

  it('serves a requester that arrives while a burst job prints next, before the burst\'s next job', () => {
    const waiting = new FairWaiting();
    for (let n = 0; n < 50; n += 1) waiting.push(job('nube', n));
    expect(waiting.shift()?.id).toBe('nube-0');
    waiting.push(job('caja', 0));
    expect(waiting.shift()?.id).toBe('caja-0');
    expect(waiting.shift()?.id).toBe('nube-1');
    expect(waiting.length).toBe(48);
  });

  it('takes out a cancelled job, and forgets a requester with nothing left', () => {
    const waiting = new FairWaiting();
    waiting.push(job('nube', 0));
    waiting.push(job('caja', 0));
    waiting.push(job('nube', 1));
    expect(waiting.remove('caja-0')).toBe(true);
    expect(waiting.remove('caja-0')).toBe(false);
    expect(waiting.takeAll().map((taken) => taken.id)).toEqual(['nube-0', 'nube-1']);
    expect(waiting.length).toBe(0);
    expect(waiting.shift()).toBeUndefined();
  });
});
