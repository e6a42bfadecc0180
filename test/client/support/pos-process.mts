// A Node POS as a shop would write one: it prints the tickets named on the command line one after the other against
// the service at argv[2], then prints what became of each as JSON and closes. An error escaping the client's socket
// handler would end it with code 1 before that.
import WebSocket from 'ws';
import { connect, receipt } from '../../../clients/js/src/index.mjs';

const [url, ...ids] = process.argv.slice(2);
if (url === undefined) throw new Error('usage: pos-process.mts URL ID…');
const client = connect(url, { WebSocket, reconnect: false });
const outcomes: Array<{ id: string; kind?: string; confirmation?: string }> = [];
for (const id of ids) {
  outcomes.push(
    await client.print(receipt().text(`Venta ${id}`).cut(), { id }).then(
      (result) => ({ id, confirmation: result.confirmation }),
      (error: unknown) => ({ id, kind: (error as { kind?: string }).kind ?? String(error) }),
    ),
  );
}
process.stdout.write(JSON.stringify(outcomes));
client.close();
