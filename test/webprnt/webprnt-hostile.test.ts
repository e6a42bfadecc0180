import type { ClientRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { traderBody, traderReceive } from './star-web-print';
import { post, startDoor, type DoorUnderTest } from './webprnt-server';

const SEND = '/StarWebPRNT/SendMessage';
/** Quick for a person waiting at the till, with room for a loaded test machine. */
const QUICK_MS = 2_000;

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`).join('') +
  ']>';
const escaped = (xml: string): string => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const envelope = (request: string): string => `<StarWebPrint xmlns="http://www.star-m.jp"><Request>${request}</Request></StarWebPrint>`;
const deep = (depth: number): string => '<text>'.repeat(depth) + '</text>'.repeat(depth);

const HOSTILE: Record<string, string> = {
  'billion laughs around the envelope': `${LAUGHS}<StarWebPrint xmlns="http://www.star-m.jp"><Request>&lol9;</Request></StarWebPrint>`,
  'billion laughs inside the escaped print data': envelope(escaped(`${LAUGHS}<root><text>&lol9;</text></root>`)),
  'an external entity': `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><StarWebPrint xmlns="http://www.star-m.jp"><Request>&xxe;</Request></StarWebPrint>`,
  'an external entity inside the print data': envelope(escaped('<!DOCTYPE root [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><root><text>&xxe;</text></root>')),
  '10,000-deep nesting': `<StarWebPrint xmlns="http://www.star-m.jp">${deep(10_000)}<Request/></StarWebPrint>`,
  '10,000-deep nesting inside the print data': envelope(escaped(`<root>${deep(10_000)}</root>`)),
  'a wrong root': traderBody('<text>x</text>').replace(/StarWebPrint/g, 'epos-print'),
  'a wrong namespace': traderBody('<text>x</text>').replace('http://www.star-m.jp', 'http://www.epson-pos.com/schemas/2011/03/epos-print'),
  'print data with a wrong root': envelope(escaped('<epos-print><text>x</text></epos-print>')),
  'malformed XML': '<StarWebPrint xmlns="http://www.star-m.jp"><Request>&lt;root&gt;</Reqest>',
  'malformed print data': envelope(escaped('<root><text>x</root>')),
  'an empty body': '',
};

let door: DoorUnderTest;
beforeEach(async () => {
  door = await startDoor();
});
afterEach(() => door.close());

describe('hostile WebPRNT requests', () => {
  for (const [name, body] of Object.entries(HOSTILE)) {
    it(`answers ${name} quickly with TraderSuccess false and prints nothing`, async () => {
      const answer = await post(door.url + SEND, body);
      expect(answer.status).toBe(200);
      expect(traderReceive(answer.text)).toMatchObject({ traderSuccess: 'false', traderCode: '1000' });
      expect(answer.ms).toBeLessThan(QUICK_MS);
      expect(door.printed).toHaveLength(0);
    });
  }

  it('cuts a 100 MB body short: answered before most of it is sent, nothing printed', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const total = 100 * 1024 * 1024;
    let sent = 0;
    const stream = (request: ClientRequest): void => {
      request.write('<StarWebPrint xmlns="http://www.star-m.jp"><Request>');
      const pump = (): void => {
        while (sent < total && !request.destroyed) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!request.destroyed) request.end();
      };
      request.on('response', () => request.removeAllListeners('drain'));
      request.on('error', () => undefined);
      pump();
    };
    const answer = await post(door.url + SEND, stream);
    expect(traderReceive(answer.text)).toMatchObject({ traderSuccess: 'false', traderCode: '1000' });
    expect(answer.ms).toBeLessThan(QUICK_MS);
    expect(sent).toBeLessThan(total / 2);
    expect(door.printed).toHaveLength(0);
  });

  it('refuses a body that announces more than the limit without reading it', async () => {
    const answer = await post(door.url + SEND, (request) => {
      request.setHeader('Content-Length', String(200 * 1024 * 1024));
      request.on('error', () => undefined);
      request.write('<StarWebPrint');
    });
    expect(traderReceive(answer.text)?.traderSuccess).toBe('false');
    expect(door.printed).toHaveLength(0);
  });
});
