/** Parsers for `lpstat` output in the C locale (the adapter always runs it with LC_ALL=C). */

export interface LpstatPrinter {
  name: string;
  /** `idle`, `printing` or `disabled` (CUPS calls the last one "stopped"). */
  state: 'idle' | 'printing' | 'disabled';
  /** The printer-state-message lines under the header, e.g. "Unable to connect to printer". */
  message: string;
  description: string;
  /** printer-state-reasons from `Alerts:`; empty when "none". */
  alerts: string[];
}

export interface LpstatJob {
  id: string;
  status: string;
  alerts: string[];
}

// The state message is the one detail line that is not one of these fields (its text may contain a colon).
const DETAIL_FIELDS = new Set([
  'Form mounted', 'Content types', 'Printer types', 'Description', 'Alerts', 'Location', 'Connection', 'Interface',
  'On fault', 'After fault', 'Users allowed', 'Forms allowed', 'Banner required', 'Charset sets', 'Default pitch',
  'Default page size', 'Default port settings', 'Kind', 'Printer class',
]);

const PRINTER_HEADER = /^printer (\S+) (?:is idle|now printing \S+|disabled since)/;

/** `lpstat -l -p`: a header line per printer followed by tab-indented details. */
export function parseLpstatPrinters(output: string): LpstatPrinter[] {
  const printers: LpstatPrinter[] = [];
  let current: LpstatPrinter | null = null;
  for (const line of output.split('\n')) {
    const header = PRINTER_HEADER.exec(line);
    if (header) {
      const state = line.includes(' disabled since') ? 'disabled' : line.includes(' now printing ') ? 'printing' : 'idle';
      current = { name: header[1] as string, state, message: '', description: '', alerts: [] };
      printers.push(current);
      continue;
    }
    if (!current || !line.startsWith('\t')) continue;
    if (line.startsWith('\t\t')) continue;
    const detail = line.trim();
    const field = /^([A-Za-z ]+):\s?(.*)$/.exec(detail);
    const known = field && DETAIL_FIELDS.has(field[1] as string) ? field : null;
    if (known?.[1] === 'Description') current.description = known[2] ?? '';
    else if (known?.[1] === 'Alerts') current.alerts = splitAlerts(known[2] ?? '');
    else if (!known && !current.message) current.message = detail;
  }
  return printers;
}

/** `lpstat -v`: "device for NAME: URI". */
export function parseLpstatDevices(output: string): Map<string, string> {
  const devices = new Map<string, string>();
  for (const line of output.split('\n')) {
    const match = /^device for (\S+): (.+)$/.exec(line.trim());
    if (match) devices.set(match[1] as string, (match[2] as string).trim());
  }
  return devices;
}

/** `lpstat -d`: "system default destination: NAME" or "no system default destination". */
export function parseLpstatDefault(output: string): string | undefined {
  return /^system default destination: (\S+)/m.exec(output)?.[1];
}

/** `lpstat -a`: "NAME accepting requests since …" / "NAME not accepting requests since …". */
export function parseLpstatAccepting(output: string): Map<string, boolean> {
  const accepting = new Map<string, boolean>();
  for (const line of output.split('\n')) {
    const match = /^(\S+) (not )?accepting requests/.exec(line);
    if (match) accepting.set(match[1] as string, !match[2]);
  }
  return accepting;
}

/** `lpstat -l -o` (optionally -W completed): a line per job, then Status/Alerts details. */
export function parseLpstatJobs(output: string): LpstatJob[] {
  const jobs: LpstatJob[] = [];
  let current: LpstatJob | null = null;
  for (const line of output.split('\n')) {
    const header = /^(\S+-\d+)\s/.exec(line);
    if (header) {
      current = { id: header[1] as string, status: '', alerts: [] };
      jobs.push(current);
      continue;
    }
    const field = /^\t(Status|Alerts):\s?(.*)$/.exec(line);
    if (!current || !field) continue;
    if (field[1] === 'Status') current.status = (field[2] ?? '').trim();
    else current.alerts = splitAlerts(field[2] ?? '');
  }
  return jobs;
}

/** `lp`: "request id is NAME-12 (0 file(s))". */
export function parseLpRequestId(output: string): string | undefined {
  return /request id is (\S+-\d+)/.exec(output)?.[1];
}

/** `lpoptions -p NAME`: space-separated key=value pairs, values with spaces single-quoted. */
export function parseLpoptions(output: string): Map<string, string> {
  const options = new Map<string, string>();
  const pattern = /([\w-]+)(?:=('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S*))?/g;
  for (const match of output.matchAll(pattern)) {
    const raw = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/s.exec(raw);
    options.set(match[1] as string, quoted ? (quoted[2] as string).replace(/\\(.)/g, '$1') : raw);
  }
  return options;
}

function splitAlerts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((alert) => alert.trim())
    .filter((alert) => alert && alert !== 'none');
}
