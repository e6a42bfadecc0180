import { describe, expect, it } from 'vitest';
import { withDoorServices } from '../support/door-services';
import { startRealPrinter } from '../support/printer-simulator';
import { build, trader, traderBody, traderReceive, type TraderResponse } from './star-web-print';

/**
 * Issue 38 (10): every answer says what happened to the paper. With `checkedblock="false"` a receipt the paper's end
 * cut short, and the one waiting behind it that never reached the printer, are held for the owner ("Print now"):
 * neither is answered "printed". Through real HTTP on 127.0.0.1 to a device-model printer whose roll runs out.
 */
const { track, serviceFor } = withDoorServices();

async function send(base: string, request: string): Promise<TraderResponse | undefined> {
  const response = await fetch(`${base}/StarWebPRNT/SendMessage`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=UTF-8' },
    body: traderBody(request, { checkedblock: false }),
  });
  return response.status === 200 ? traderReceive(await response.text()) : undefined;
}

describe('checkedblock="false" and the paper ending mid-job', () => {
  it('answers both the receipt cut short and the one behind it TraderSuccess false with the paper-end bit; both wait in the window', { timeout: 30_000 }, async () => {
    const printer = track(await startRealPrinter('epson', { rollMm: 60 }));
    const running = await serviceFor(printer);
    const { queue } = running.service;
    // Both in the queue before the first is printed, the second behind the first.
    queue.pause();
    const lines = Array.from({ length: 40 }, (_, index) => build.text({}, `Linea ${index + 1}\n`)).join('');
    const first = send(running.httpUrl, `${lines}${build.text({}, 'FIN DEL TICKET\n')}${build.cutpaper({ type: 'partial' })}`);
    await expect.poll(() => queue.current).toBe(1);
    const second = send(running.httpUrl, `${build.text({}, 'SEGUNDO\n')}${build.cutpaper({ type: 'partial' })}`);
    await expect.poll(() => queue.current).toBe(2);
    queue.resume();
    const answers = await Promise.all([first, second]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ traderSuccess: 'false', traderCode: '1100' });
      expect(answer && trader.isPaperEnd(answer)).toBe(true);
    }
    // Held, not lost: the owner prints them (or the POS sends them again) once paper is in.
    expect(running.service.recentJobs(10).map((job) => [job.source?.kind, job.outcome])).toEqual([
      ['webprnt', 'held'],
      ['webprnt', 'held'],
    ]);
    expect(printer.printedText()).not.toContain('SEGUNDO');
  });
});
