import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { withDoorServices } from '../support/door-services';
import { ticketDoc } from '../support/service-harness';
import { build, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/**
 * Issue 38 (7, 8): who calls the WebPRNT door is what the service can verify — an allowed site or the token — never
 * the Origin and Host a program on the shop's network writes. Through real HTTP on 127.0.0.1, to a simulated printer.
 */
const ALLOWED = 'http://tpv.example.test';
const { withPrinter } = withDoorServices({ allowedOrigins: [ALLOWED] });
const TOKEN = 'secreto-del-bar';

interface Sent {
  http: number;
  answer: TraderResponse | undefined;
}

/** A POST as any program can send it: its own Host and Origin headers (fetch would not let a test choose Host). */
function sendAs(base: string, request: string, headers: Record<string, string>): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const posted = http.request(`${base}/StarWebPRNT/SendMessage`, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=UTF-8', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ http: response.statusCode ?? 0, answer: response.statusCode === 200 ? traderReceive(Buffer.concat(chunks).toString('utf8')) : undefined }));
    });
    posted.on('error', reject);
    posted.end(traderBody(request));
  });
}

/** The service's own origin, by a shop-local name: what the window's page would send, and any program can write. */
const ownOrigin = (name: string): Record<string, string> => ({ Host: name, Origin: `http://${name}` });

describe('a forged Host and Origin', () => {
  it("stand in for neither the token nor the owner's consent: with a token set, they get 401 and nothing prints", async () => {
    const { printer, running } = await withPrinter({ token: TOKEN });
    const forged = await sendAs(running.httpUrl, build.text({}, 'Falsificado\n'), ownOrigin('caja'));
    expect(forged.http).toBe(401);
    const basic = `Basic ${Buffer.from(`pos:${TOKEN}`).toString('base64')}`;
    const withToken = await sendAs(running.httpUrl, build.text({}, 'Con token\n'), { ...ownOrigin('caja'), Authorization: basic });
    expect(withToken.answer?.traderSuccess).toBe('true');
    const site = await sendAs(running.httpUrl, build.text({}, 'Desde el TPV\n'), { Origin: ALLOWED });
    expect(site.answer?.traderSuccess).toBe('true');
    expect(printer.printedText()).toContain('Con token');
    expect(printer.printedText()).toContain('Desde el TPV');
    expect(printer.printedText()).not.toContain('Falsificado');
  });
});

describe('made-up origins', () => {
  it('are one requester: 30 posts as sites h1…h30 hold one share of the queue, and the till still gets a slot', { timeout: 30_000 }, async () => {
    const { running } = await withPrinter({ queueCapacity: 10, rateLimit: 0 });
    const { queue } = running.service;
    queue.pause();
    const busy: Sent[] = [];
    const posts = Array.from({ length: 30 }, (_, n) =>
      sendAs(running.httpUrl, build.text({}, `Relleno ${n}\n`), ownOrigin(`h${n + 1}`)).then((sent) => {
        if (sent.answer?.traderCode === '2001') busy.push(sent);
        return sent;
      }),
    );
    // Each post is either queued (it waits for the paper) or answered busy at once.
    await expect.poll(() => queue.current + busy.length, { timeout: 10_000 }).toBe(30);
    // Capacity 10: anyone (the unverified requester) holds at most 8, the rest is kept for requesters holding few jobs.
    expect([queue.current, busy.length]).toEqual([8, 22]);
    const till = await running.connect();
    till.send({ tipo: 'ticket', id: 'caja-1', datos: ticketDoc('Venta de la caja') });
    expect(await till.next('ack', (message) => message.id === 'caja-1')).toMatchObject({ current: 9, capacity: 10 });
    queue.resume();
    expect((await Promise.all(posts)).filter((sent) => sent.answer?.traderSuccess === 'true')).toHaveLength(8);
  });

  it('share one rate limit: a sixth post a minute from a sixth made-up site is too many', async () => {
    const { printer, running } = await withPrinter({ rateLimit: 5 });
    const answers: Sent[] = [];
    for (let n = 1; n <= 6; n += 1) answers.push(await sendAs(running.httpUrl, build.text({}, `Sitio ${n}\n`), ownOrigin(`h${n}`)));
    expect(answers.map((sent) => sent.answer?.traderSuccess)).toEqual(['true', 'true', 'true', 'true', 'true', 'false']);
    expect(answers[5]?.answer?.traderCode).toBe('2001');
    expect(printer.printedText()).not.toContain('Sitio 6');
  });
});
