import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An Epson Server Direct Print server for tests, written from Epson's "Server Direct Print User's Manual" (M00062904):
 * the printer POSTs URL-encoded forms — `ConnectionType=GetRequest&ID=…&Name=…` answered with `<PrintRequestInfo>`
 * (or an empty 200 when there is nothing to print), `ConnectionType=SetResponse&…&ResponseFile=<PrintResponseInfo>`
 * and `ConnectionType=SetStatus&…&Status=<statusmonitor>` answered with an empty 200 — with Basic or Digest
 * authentication where set. Like a careful server, a job is offered again until its result arrives. It can lose a
 * SetResponse (the connection drops after reading it), go slow, stream forever, announce 2 GB, redirect elsewhere,
 * or hand out a new job on every request.
 */
export interface SdpServerOptions {
  auth?: { scheme: 'basic' | 'digest'; user: string; password: string };
  version?: '1.00' | '2.00' | '3.00';
}

export type Misbehaviour = 'none' | 'slow' | 'endless' | 'huge' | 'redirect-elsewhere' | 'flood' | 'billion-laughs' | 'deep' | 'not-xml';

export interface ReportedJob {
  /** As written in the ResponseFile (character references left as they are). */
  printjobid: string | undefined;
  /** The printjobid as text, its references decoded, as a server's XML parser reads it. */
  printjobidText?: string | undefined;
  success: string | undefined;
  code: string | undefined;
  status: number | undefined;
  raw: string;
}

export interface SdpTestServer {
  url: string;
  statusUrl: string;
  /**
   * Adds a job; it is offered on every GetRequest until its SetResponse arrives. `printjobid` is written into the XML
   * as given (so `ORD&#1;2` is a character reference); a SetResponse names it when it reads back as the same text.
   */
  offer(printjobid: string, eposPrint: string): void;
  /** Adds a job for one printer only (the `ID` it polls with), as a server with a kitchen and a counter printer. */
  offerTo(deviceId: string, printjobid: string, eposPrint: string): void;
  /** The next `count` SetResponses are read and then lost: the connection is dropped before any answer. */
  loseSetResponses(count: number): void;
  misbehave(how: Misbehaviour, redirectTo?: string): void;
  readonly getRequests: Array<Record<string, string>>;
  readonly setResponses: ReportedJob[];
  readonly lostSetResponses: ReportedJob[];
  readonly setStatuses: Array<Record<string, string>>;
  /** Authorization headers that passed, and requests refused with 401. */
  readonly authorized: string[];
  readonly refused: number;
  close(): Promise<void>;
}

const REALM = 'sdp-test';

export async function startSdpServer(options: SdpServerOptions = {}): Promise<SdpTestServer> {
  const version = options.version ?? '2.00';
  const pending = new Map<string, string>();
  const pendingFor = new Map<string, Map<string, string>>();
  const getRequests: Array<Record<string, string>> = [];
  const setResponses: ReportedJob[] = [];
  const lostSetResponses: ReportedJob[] = [];
  const setStatuses: Array<Record<string, string>> = [];
  const authorized: string[] = [];
  const nonces = new Set<string>();
  let refused = 0;
  let toLose = 0;
  let misbehaviour: Misbehaviour = 'none';
  let redirectTarget = '';
  let floodCounter = 0;

  const challenge = (response: ServerResponse): void => {
    refused += 1;
    const nonce = randomBytes(12).toString('hex');
    nonces.add(nonce);
    const header = options.auth?.scheme === 'digest' ? `Digest realm="${REALM}", qop="auth", nonce="${nonce}", opaque="x1", algorithm=MD5` : `Basic realm="${REALM}"`;
    response.writeHead(401, { 'www-authenticate': header, 'content-type': 'text/plain' });
    response.end('authentication required');
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (options.auth && !authentic(request, options.auth, nonces)) return challenge(response);
    if (options.auth) authorized.push(request.headers.authorization ?? '');
    const form = Object.fromEntries(new URLSearchParams(body));
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/status') {
      setStatuses.push(form);
      return empty(response);
    }
    if (form['ConnectionType'] === 'SetResponse') {
      const reported = readResponseFile(form['ResponseFile'] ?? '');
      if (toLose > 0) {
        toLose -= 1;
        lostSetResponses.push(reported);
        response.destroy();
        return;
      }
      setResponses.push(reported);
      if (reported.printjobidText !== undefined) {
        const own = pendingFor.get(form['ID'] ?? '');
        const queue = own && [...own.keys()].some((id) => decodedXml(id) === reported.printjobidText) ? own : pending;
        for (const id of queue.keys()) if (decodedXml(id) === reported.printjobidText) queue.delete(id);
      }
      return empty(response);
    }
    if (form['ConnectionType'] !== 'GetRequest') return empty(response);
    getRequests.push(form);
    switch (misbehaviour) {
      case 'slow':
        return slowly(response, printRequestInfo(version, [['slow-1', CAFE]]));
      case 'endless':
        return endlessly(response);
      case 'huge':
        response.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(2 * 1024 ** 3) });
        response.write('<PrintRequestInfo>');
        return;
      case 'redirect-elsewhere':
        response.writeHead(307, { location: redirectTarget });
        response.end();
        return;
      case 'flood':
        floodCounter += 1;
        return xml(response, printRequestInfo(version, [[`flood-${floodCounter}`, CAFE]]));
      case 'billion-laughs':
        return xml(response, BILLION_LAUGHS);
      case 'deep':
        return xml(response, `<PrintRequestInfo>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</PrintRequestInfo>`);
      case 'not-xml':
        return xml(response, '{"jobs": []}');
      case 'none':
        break;
    }
    const offered = [...pending, ...(pendingFor.get(form['ID'] ?? '') ?? [])];
    if (offered.length === 0) return empty(response);
    return xml(response, printRequestInfo(version, offered));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/sdp/print.php?shop=cafe`,
    statusUrl: `${base}/status`,
    offer: (printjobid, eposPrint) => void pending.set(printjobid, eposPrint),
    offerTo: (deviceId, printjobid, eposPrint) => {
      const own = pendingFor.get(deviceId) ?? new Map<string, string>();
      own.set(printjobid, eposPrint);
      pendingFor.set(deviceId, own);
    },
    loseSetResponses: (count) => void (toLose = count),
    misbehave: (how, target = '') => {
      misbehaviour = how;
      redirectTarget = target;
    },
    getRequests,
    setResponses,
    lostSetResponses,
    setStatuses,
    authorized,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A café order in ePOS-Print XML, as a shop's web ordering sends it. */
export const CAFE =
  `<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">` +
  `<text>CAFE SOL&#10;</text><text>2 x Cafe con leche   3.00&#10;</text><text>1 x Tostada &amp; tomate 2.50&#10;</text>` +
  `<text>TOTAL 5.50&#10;</text><cut type="feed"/></epos-print>`;

export function printRequestInfo(version: string, jobs: Array<[string, string]>): string {
  const blocks = jobs
    .map(
      ([id, epos]) =>
        `<ePOSPrint><Parameter><devid>local_printer</devid><timeout>10000</timeout>${version === '1.00' ? '' : `<printjobid>${id}</printjobid>`}</Parameter>` +
        `<PrintData>${epos}</PrintData></ePOSPrint>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><PrintRequestInfo Version="${version}">${blocks}</PrintRequestInfo>`;
}

const BILLION_LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><PrintRequestInfo Version="2.00"><ePOSPrint><Parameter>' +
  '<devid>local_printer</devid><printjobid>lol</printjobid></Parameter><PrintData><epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">' +
  '<text>&lol3;</text></epos-print></PrintData></ePOSPrint></PrintRequestInfo>';

function readResponseFile(xmlText: string): ReportedJob {
  const attribute = (name: string): string | undefined => new RegExp(`<response\\b[^>]*\\b${name}="([^"]*)"`).exec(xmlText)?.[1];
  const status = attribute('status');
  const printjobid = /<printjobid>([^<]*)<\/printjobid>/.exec(xmlText)?.[1];
  return {
    printjobid,
    printjobidText: printjobid === undefined ? undefined : decodedXml(printjobid),
    success: attribute('success'),
    code: attribute('code'),
    status: status === undefined ? undefined : Number(status),
    raw: xmlText,
  };
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** XML character data as text: the five named entities and character references decoded (half a pair kept as is). */
function decodedXml(text: string): string {
  return text.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (!body.startsWith('#')) return NAMED[body] ?? whole;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function authentic(request: IncomingMessage, auth: NonNullable<SdpServerOptions['auth']>, nonces: Set<string>): boolean {
  const header = request.headers.authorization ?? '';
  if (auth.scheme === 'basic') return header === `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  if (!header.startsWith('Digest ')) return false;
  const params = Object.fromEntries([...header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)].map((m) => [m[1], m[2] ?? m[3] ?? '']));
  if (params['username'] !== auth.user || params['uri'] !== request.url || !nonces.has(params['nonce'] ?? '')) return false;
  const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
  const ha1 = md5(`${auth.user}:${REALM}:${auth.password}`);
  const ha2 = md5(`${request.method}:${params['uri']}`);
  return params['response'] === md5(`${ha1}:${params['nonce']}:${params['nc']}:${params['cnonce']}:${params['qop']}:${ha2}`);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function empty(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8', 'content-length': '0' });
  response.end();
}

function xml(response: ServerResponse, text: string): void {
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  response.end(text);
}

/** A byte a second: the answer would take hours. */
function slowly(response: ServerResponse, text: string): void {
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  let at = 0;
  const timer = setInterval(() => {
    if (response.destroyed || at >= text.length) {
      clearInterval(timer);
      response.end();
      return;
    }
    response.write(text[at++]);
  }, 1_000);
  response.on('close', () => clearInterval(timer));
}

/** Never ends: 64 KiB chunks as fast as the client takes them. */
function endlessly(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  response.write('<PrintRequestInfo Version="2.00"><ePOSPrint><PrintData><epos-print><text>');
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
}
