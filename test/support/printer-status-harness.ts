import type { MonitorTiming } from '../../src/main/services/printer-status/printer-monitor';
import type { TestService } from './service-harness';

/** Short, so a test sees the printer's changes in a fraction of a second; the bounds are what is tested, not speed. */
export const FAST_MONITOR_TIMING: Partial<MonitorTiming> = {
  idlePollMs: 150,
  blockedPollMs: 100,
  answerMs: 600,
  jobPollMs: 40,
  confirmMs: 3_000,
  settleMs: 80,
  jobStallMs: 5_000,
};

/** A receipt of text lines, then a cut. */
export const linesReceipt = (lines: string[]): Record<string, unknown> => ({
  version: '1.0',
  commands: [...lines.map((text) => ({ type: 'text', data: { text } })), { type: 'cut' }],
});

/** Sends one ticket over a fresh POS connection and returns its `result` text. */
export async function printedMensaje(service: TestService, id: string, datos: unknown): Promise<string> {
  const client = await service.connect();
  client.send({ tipo: 'ticket', id, datos });
  const result = await client.next('result', (message) => message.id === id);
  client.close();
  return result.mensaje;
}

/** The status `get_printers` gives the printer named `uri`. */
export async function listedStatusOf(service: TestService, uri: string): Promise<string | undefined> {
  const client = await service.connect();
  client.send({ tipo: 'get_printers' });
  const answer = await client.next('printers');
  client.close();
  return answer.printers.find((printer) => printer.name === uri)?.status;
}
