import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { withDoorServices } from '../support/door-services';
import { envelope, parseAnswer, type ParsedAnswer } from '../support/epos-client';
import { ticketDoc } from '../support/service-harness';

/**
 * Issue 38 (7, 8): who calls the ePOS-Print door is what the service can verify — an allowed site or the token —
 * never the Origin and Host a program on the shop's network writes. Through real HTTP on 127.0.0.1, to a simulated
 * TM-T88VI.
 */
const ALLOWED = 'http://tpv.example.test';
const { withPrinter } = withDoorServices({ allowedOrigins: [ALLOWED] });
const TOKEN = 'secreto-del-bar';

interface Answer {
  http: number;
  answer: ParsedAnswer | undefined;
}

/** A POST as any program can send it: its own Host and Origin headers (fetch would not let a test choose Host). */
function postAs(base: string, body: string, headers: Record<string, string>, query = 'devid=local_printer&timeout=10000'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/cgi-bin/epos/service.cgi?${query}`, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=UTF-8', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ http: response.statusCode ?? 0, answer: response.statusCode === 200 && text.includes('<response') ? parseAnswer(text) : undefined });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The service's own origin, by a shop-local name: what the window's page would send, and any program can write. */
const ownOrigin = (name: string): Record<string, string> => ({ Host: name, Origin: `http://${name}` });

describe('a forged Host and Origin', () => {
  it('stand in for neither the token nor the owner\'s consent: with a token set, they get 401 and nothing prints', async () => {
    const { printer, running } = await withPrinter({ token: TOKEN });
    const forged = await postAs(running.httpUrl, envelope('<text>Falsificado&#10;</text><cut/>'), ownOrigin('caja'));
    expect(forged.http).toBe(401);
    // The same request with the token prints: the token is what lets a caller without an allowed site in.
    const withToken = await postAs(running.httpUrl, envelope('<text>Con token&#10;</text><cut/>'), { ...ownOrigin('caja'), Authorization: `Bearer ${TOKEN}` });
    expect(withToken.answer).toMatchObject({ success: true });
    // An allowed site still prints without it: the owner's consent is a page's authorisation.
    const site = await postAs(running.httpUrl, envelope('<text>Desde el TPV&#10;</text><cut/>'), { Origin: ALLOWED });
    expect(site.answer).toMatchObject({ success: true });
    expect(printer.printedText()).toContain('Con token');
    expect(printer.printedText()).toContain('Desde el TPV');
    expect(printer.printedText()).not.toContain('Falsificado');
  });
});

describe('made-up origins', () => {
  it('are one requester: 30 posts as sites h1…h30 hold one share of the queue, and the till still gets a slot', { timeout: 30_000 }, async () => {
    const { running } = await withPrinter({ queueCapacity: 10, rateLimit: 0 });
    running.service.queue.pause();
    // Each claims to be the service's own page under a name of its own; each waits at most a second for its answer.
    const posts = await Promise.all(
      Array.from({ length: 30 }, (_, n) => postAs(running.httpUrl, envelope(`<text>Relleno ${n}&#10;</text>`), ownOrigin(`h${n + 1}`), 'devid=local_printer&timeout=1000')),
    );
    const queued = posts.filter((post) => post.answer?.code === 'EX_TIMEOUT').length;
    const full = posts.filter((post) => post.answer?.code === 'EX_SPOOLER').length;
    // Capacity 10: anyone (the unverified requester) holds at most 8, the rest is kept for requesters holding few jobs.
    expect([queued, full]).toEqual([8, 22]);
    const till = await running.connect();
    till.send({ tipo: 'ticket', id: 'caja-1', datos: ticketDoc('Venta de la caja') });
    expect(await till.next('ack', (message) => message.id === 'caja-1')).toMatchObject({ current: 9, capacity: 10 });
  });

  it('share one rate limit: a sixth post a minute from a sixth made-up site is too many', async () => {
    const { printer, running } = await withPrinter({ rateLimit: 5 });
    const answers: Answer[] = [];
    for (let n = 1; n <= 6; n += 1) answers.push(await postAs(running.httpUrl, envelope(`<text>Sitio ${n}&#10;</text><cut/>`), ownOrigin(`h${n}`)));
    expect(answers.map((posted) => posted.answer?.code)).toEqual(['', '', '', '', '', 'TooManyRequests']);
    expect(printer.printedText()).not.toContain('Sitio 6');
  });
});
