// `npm run bench -- vendor`: the same café receipt (a picture, text, a QR code, a drawer kick and a cut) sent to one
// fast sink printer over `/ws` (ticket → result), as an Epson ePOS-Print request and as a Star WebPRNT request
// (request → answer), alternated so the machine's moods fall on all three alike. A door's answer waits for the same
// outcome `/ws`'s result reports, so what shows here is what the door itself adds: reading XML, building the document.
// Then the service's event loop while hostile bodies are posted to both doors (bench/hostile-bodies.ts, issue 38).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrintService } from '../src/main/service-host';
import { defaultConfig } from '../src/main/services/service-config';
import { interpretWebPrnt } from '../src/main/services/webprnt/webprnt-document';
import { readWebPrntRequest } from '../src/main/services/webprnt/webprnt-request';
import { envelope, monoRaster, postEpos } from '../test/support/epos-client';
import { startTcpSink } from '../test/support/tcp-sink';
import { cafeReceiptRequest } from '../test/webprnt/cafe-receipt';
import { traderBody, traderReceive } from '../test/webprnt/star-web-print';
import type { BenchRow } from './bench-row';
import { GOALS } from './goals';
import { runHostileBodiesBench } from './hostile-bodies';
import { percentile } from './latency';
import { connectTicketClient } from './ticket-client';

const ROUNDS = 20;
const TARGET = 1.2;

const picture = monoRaster(64, 24);
/** The café receipt as an ePOS app writes it (the SDK's builder): the same lines, picture, QR code, drawer and cut. */
const EPOS_RECEIPT = [
  `<image width="64" height="24" color="color_1" mode="mono" align="center">${picture.base64}</image>`,
  '<text align="center" em="true" width="2" height="2">CAFE LUNA&#10;</text>',
  '<text em="false" width="1" height="1">Calle Mayor 5&#10;</text>',
  '<text align="left">Cafe con leche      2.40&#10;Croissant           1.80&#10;TOTAL               4.20&#10;</text>',
  '<feed line="1"/><symbol type="qrcode_model_2" level="level_m" width="6">https://cafe-luna.example/ticket/0042</symbol>',
  '<text align="center">Gracias&#10;</text><pulse drawer="drawer_1" time="pulse_100"/><cut type="feed"/>',
].join('');

/** The WebPRNT receipt as the document the door makes of it: `/ws` prints exactly that. */
function cafeDocument(): object {
  const reading = readWebPrntRequest(traderBody(cafeReceiptRequest()));
  if (!reading.ok) throw new Error(`bench café receipt: ${reading.problem}`);
  const interpretation = interpretWebPrnt(reading.request.elements);
  if (!interpretation.ok) throw new Error(`bench café receipt: ${interpretation.problem}`);
  return interpretation.document;
}

async function timed(run: () => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  if (!(await run())) throw new Error(`bench: a café receipt ${what} did not print`);
  return performance.now() - started;
}

export async function runVendorProtocolsBench(): Promise<BenchRow[]> {
  const printer = await startTcpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-vendor-'));
  const running = await startPrintService(
    { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir, printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }], rateLimit: 0 },
    { printerDiscovery: [] },
  );
  const base = `http://127.0.0.1:${running.address.port}`;
  const client = await connectTicketClient(`ws://127.0.0.1:${running.address.port}/ws`);
  const document = cafeDocument();
  const webPrntBody = traderBody(cafeReceiptRequest());
  let sequence = 0;
  const overWs = (): Promise<boolean> => client.print(`ws-${sequence++}`, document).then((result) => result.status === 'success');
  const overEpos = (): Promise<boolean> => postEpos(base, envelope(EPOS_RECEIPT)).then(({ answer }) => answer?.success === true);
  const overWebPrnt = async (): Promise<boolean> => {
    const response = await fetch(`${base}/StarWebPRNT/SendMessage`, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=UTF-8' }, body: webPrntBody });
    return traderReceive(await response.text())?.traderSuccess === 'true';
  };
  const samples = { ws: [] as number[], epos: [] as number[], webprnt: [] as number[] };
  try {
    // One of each first: the first receipt loads the encoder's code, and each door's first request its parser.
    await timed(overWs, 'over /ws');
    await timed(overEpos, 'over ePOS');
    await timed(overWebPrnt, 'over WebPRNT');
    for (let round = 0; round < ROUNDS; round++) {
      samples.ws.push(await timed(overWs, 'over /ws'));
      samples.epos.push(await timed(overEpos, 'over ePOS'));
      samples.webprnt.push(await timed(overWebPrnt, 'over WebPRNT'));
    }
  } finally {
    client.close();
    await running.stop();
    await printer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const p50 = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);
  const ws = p50(samples.ws);
  const rows: BenchRow[] = [{ name: `café receipt over /ws, ticket → result p50 (${ROUNDS} alternated)`, value: ws, unit: 'ms', target: 'baseline', pass: true }];
  for (const [door, values] of [['ePOS-Print', samples.epos], ['WebPRNT', samples.webprnt]] as const) {
    const value = p50(values);
    rows.push({ name: `café receipt as ${door === 'WebPRNT' ? 'a' : 'an'} ${door} request, request → answer p50`, value, unit: 'ms', target: '—', pass: true });
    rows.push({ name: `${door} p50 ÷ /ws p50`, value: value / ws, unit: '×', target: `≤ ${TARGET}×`, pass: value / ws <= TARGET, goal: GOALS.vendor });
  }
  return [...rows, ...(await runHostileBodiesBench())];
}
