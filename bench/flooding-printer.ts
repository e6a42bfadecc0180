// A monitored ESC/POS printer for `npm run bench -- flood`, in its own process so its writes cost neither the service
// nor the bench client: it answers status requests and takes jobs, and with `--flood` sends ASB blocks nonstop on
// every connection, at 100 MB/s at most (the top of what such a device sends). Prints its port once listening, then
// how many flood bytes it has written, every 200 ms.
import { startFloodingPrinter } from '../test/support/flooding-printer';

void (async () => {
  const printer = await startFloodingPrinter({ flood: process.argv.includes('--flood'), paper: 'ok', bytesPerSecond: 100 * 1024 * 1024 });
  process.stdout.write(`listening on ${printer.uri}\n`);
  setInterval(() => process.stdout.write(`flooded ${printer.floodedBytes}\n`), 200);
})();
