import { starStatusHex } from './star-status';
import type { WebPrntOutcome } from './webprnt-intake';

/**
 * Star's answer, as StarWebPrintTrader.js reads it: an XML document whose `<Response>` holds, as escaped text,
 * `<root><success>…</success><code>…</code><status>…</status></root>` (Star's "Star webPRNT Response Element" page);
 * the trader takes `responseXML.getElementsByTagName('Response')[0]`'s text and slices out the three values, which
 * the POS sees as `traderSuccess`, `traderCode` and `traderStatus`.
 *
 * Codes: Star documents `0` success, `1100` printer offline (on error) and `2001` printer busy (send again).
 * A request that cannot be read or printed as sent has no documented code; it is answered `1000`, so the POS reports
 * a failure rather than an offline printer.
 */
export const TRADER_CODE = { success: '0', offline: '1100', busy: '2001', unreadable: '1000' } as const;

export interface TraderAnswer {
  success: boolean;
  code: string;
  status: string;
}

/**
 * What the POS is told about an outcome: success only when the printer took the whole job (on paper, or every byte
 * handed to a printer that does not confirm paper). The same whatever the request's `checkedblock`: Ticketera never
 * prints a stopped job by itself (the owner decides in the window), so a held job — cut short by the paper's end, or
 * never sent because the one before it stopped the printer — is a failure the POS must see (`1100`, with the printer's
 * status: `isPaperEnd`…), never "printed".
 */
export function answerOf(outcome: WebPrntOutcome): TraderAnswer {
  const status = starStatusHex(outcome.status, outcome.blocker);
  switch (outcome.kind) {
    case 'printed':
      return { success: true, code: TRADER_CODE.success, status };
    case 'held':
      return { success: false, code: TRADER_CODE.offline, status };
    case 'busy':
      return { success: false, code: TRADER_CODE.busy, status };
    case 'refused':
    case 'failed':
      return { success: false, code: outcome.blocker || outcome.status?.link === 'silent' ? TRADER_CODE.offline : TRADER_CODE.unreadable, status };
  }
}

/** The answer to a request that was not printed because it could not be read (nothing about the printer is known). */
export const unreadableAnswer = (): TraderAnswer => ({ success: false, code: TRADER_CODE.unreadable, status: starStatusHex(undefined, undefined) });

export function answerXml(answer: TraderAnswer): string {
  const inner = `<root><success>${answer.success}</success><code>${answer.code}</code><status>${answer.status}</status></root>`;
  const escaped = inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Response>${escaped}</Response></StarWebPrint>`
  );
}
