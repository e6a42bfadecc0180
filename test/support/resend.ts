import type { TcpPrinterSimulator } from './printer-simulator';
import type { TestClient } from './ws-client';

/** How many times a receipt's closing line came out of the printer: 1 is printed once, 2 is a double print. */
export const copiesOf = (printer: TcpPrinterSimulator, marker: string): number => printer.printedText().split(marker).length - 1;

/**
 * Sends a `/ws` ticket and returns its `result`, and whether it was acknowledged first (a known id answered from the
 * journal gets its stored result and no `ack`).
 */
export async function resultOf(pos: TestClient, id: string, datos: unknown): Promise<{ acked: boolean; status: string; mensaje: string }> {
  pos.messages.length = 0;
  pos.send({ tipo: 'ticket', id, datos });
  const result = await pos.next('result', (message) => message.id === id, 20_000);
  return { acked: pos.messages.some((message) => message.tipo === 'ack' && message.id === id), status: result.status, mensaje: result.mensaje };
}
