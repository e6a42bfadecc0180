import type { EpsonResult } from './epson-result';

/**
 * What Ticketera posts back, as a TM-i printer posts it (Epson "Server Direct Print User's Manual": "Request
 * (Printing Result)" and "Status Notification › Request and Response"). Every value is escaped: devid and printjobid
 * come from the server, and a code from the interpreter.
 */
export const EPOS_PRINT_NAMESPACE = 'http://www.epson-pos.com/schemas/2011/03/epos-print';
const LOCAL_PRINTER = 'local_printer';

export interface AnsweredJob {
  devid: string;
  printjobid: string | undefined;
  result: EpsonResult;
}

/**
 * `<PrintResponseInfo>` for one job. Version 2.00 (with the job's printjobid as the server sent it, also when the job
 * was refused for it) answers a job that had one; a job from a Version 1.00 answer gets the 1.00 form, a bare
 * `<response>`. Version 3.00 adds `<ServerDirectPrint>`, saying the print request itself was read.
 */
export function printResponseInfo(job: AnsweredJob, requestVersion: string): string {
  const response = `<response xmlns="${EPOS_PRINT_NAMESPACE}" success="${job.result.success}" code="${escapeXml(job.result.code)}" status="${job.result.status}" battery="0"/>`;
  if (job.printjobid === undefined) return `<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="1.00">${response}</PrintResponseInfo>`;
  const v3 = requestVersion.startsWith('3');
  return (
    `<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="${v3 ? '3.00' : '2.00'}">` +
    (v3 ? '<ServerDirectPrint><Response Success="true"/></ServerDirectPrint>' : '') +
    `<ePOSPrint><Parameter><devid>${escapeXml(job.devid || LOCAL_PRINTER)}</devid><printjobid>${escapeXml(job.printjobid)}</printjobid></Parameter>` +
    `<PrintResponse>${response}</PrintResponse></ePOSPrint></PrintResponseInfo>`
  );
}

/** `<statusmonitor>` for SetStatus: the bound printer as `local_printer`, its ASB bits as 0x-prefixed hex. */
export function statusMonitor(asb: number): string {
  const hex = (asb >>> 0).toString(16).toUpperCase().padStart(8, '0');
  return `<?xml version="1.0" encoding="utf-8"?><statusmonitor Version="1.00"><printerstatus devicename="${LOCAL_PRINTER}" asbstatus="0x${hex}"/></statusmonitor>`;
}

/** The form a TM-i posts: `ConnectionType=…&ID=…&Name=…` and the message's own field. */
export function formBody(connectionType: 'GetRequest' | 'SetResponse' | 'SetStatus', identity: { id: string; name: string }, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ConnectionType: connectionType, ID: identity.id, Name: identity.name, ...extra }).toString();
}

/**
 * Text as XML character data that reads back as the very text the server sent: markup characters, every control
 * character (XML 1.0 cannot hold most of them literally, and a tab or line break would be normalised away) and half a
 * surrogate pair (no UTF-8 form) become character references; the rest is written as it is.
 */
function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it writes as references
  return text.replace(/[<>&"'\x00-\x1f\x7f\ufffe\uffff]|\p{Cs}/gu, (char) => `&#${char.codePointAt(0) ?? 0};`);
}
