import { findRendererBuild, startServiceWithWindow } from '../../services/app-api/service-with-window';
import { keepServingOnUnexpectedErrors } from '../../services/process/keep-serving';
import type { CliCommand } from '../command';
import { cliLanguage, outsideTextShown } from '../cli-language';
import { FLEET_TEXTS } from './fleet-messages';
import { SERVE_USAGE, readServeFlags } from '../serve-options';
import type { TlsHealth } from '../../../shared/protocol';
import type { ServiceConfig } from '../../services/service-config';
import { shownBrokerUrl } from '../../services/fleet/fleet-config';
import { untilStopped } from '../until-stopped';
import { printerMacOf } from '../../services/cloudprnt/binding-id';

export const serveCommand: CliCommand = {
  name: 'serve',
  usage: SERVE_USAGE,
  summary: 'Runs the print service (ws://HOST:PORT/ws, /health, dashboard at /) until stopped with Ctrl+C.',
  async run(args) {
    // Said before the flags are read, so it is there beside any problem with them too.
    if (args.some((arg) => arg === '--url' || arg.startsWith('--url='))) process.stderr.write(`${FLEET_TEXTS.urlAlias[cliLanguage()]}\n`);
    let commandLine;
    try {
      commandLine = readServeFlags(args);
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${SERVE_USAGE}\n`);
      return 2;
    }
    // No key of an outside service reaches the log, whatever a line quotes (redact-secrets).
    const log = (line: string): void => void process.stdout.write(`${new Date().toISOString()} ${outsideTextShown(line)}\n`);
    keepServingOnUnexpectedErrors(log);
    // The window's API and, once built (`npm run build`), the React window itself at `/`.
    const rendererDir = findRendererBuild(__dirname);
    const host = await startServiceWithWindow(commandLine, { ...(rendererDir ? { rendererDir } : {}), log });
    const { service, address } = host.running();
    // What runs: the saved settings with the flags over them.
    const config = host.config();
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const lines = [
      `Ticketera print service listening on ws://${shown}:${address.port}/ws (dashboard http://${shown}:${address.port}/)`,
      `  env ${config.env} · printer ${config.printer ?? 'system default thermal, else virtual'} · data ${config.dataDir}`,
      `  dashboard: ${rendererDir ? 'the Ticketera window' : 'plain page (run npm run build for the full window)'}`,
      `  queue ${config.queueCapacity} · rate limit ${config.rateLimit === 0 ? 'off' : `${config.rateLimit}/min`} · token ${config.token ? 'required' : 'off'}`,
      `  allowed web sites: ${config.allowedOrigins.join(', ') || 'none yet'}${
        commandLine.fixedBy.allowedOrigins ? ' (fixed by --allowed-origins: other sites are refused)' : ' (another site is refused until allowed in the window)'
      }`,
      ...secureLines(host.running().server.tlsHealth, shown),
      fleetLine(config.fleet),
      onlineOrdersLine(config.onlineOrders),
      ...printerIdLines(config.onlineOrders),
    ];
    if (service.interruptedAtStart > 0) {
      lines.push(`  ${service.interruptedAtStart} job(s) were cut off by a crash and marked "EXECUTION: interrupted": they may be on paper already, so check before reprinting them by hand`);
    }
    if (service.queue.current > 0) lines.push(`  resuming ${service.queue.current} acknowledged job(s) from the journal`);
    process.stdout.write(`${lines.join('\n')}\n`);

    await untilStopped();
    process.stdout.write('Stopping…\n');
    await host.stop();
    return 0;
  },
};

/** Remote printing at start: which broker and site, or off (its connections and losses follow in the log). */
function fleetLine(fleet: ServiceConfig['fleet']): string {
  if (!fleet) return '  remote printing (MQTT fleet): off';
  return `  remote printing (MQTT fleet): site ${fleet.site} via ${shownBrokerUrl(fleet.url)} (connecting; changes are logged)`;
}

/** Online-order servers configured: protocol, host and printer only (the path and query may carry a shop's key). */
function onlineOrdersLine(bindings: ServiceConfig['onlineOrders']): string {
  if (!bindings || bindings.length === 0) return '  online orders (CloudPRNT / Epson SDP): none';
  const shown = bindings.map((binding) => `${binding.protocol} ${new URL(binding.url).host} → ${binding.printer}`);
  return `  online orders (CloudPRNT / Epson SDP): ${shown.join(', ')}`;
}

/** What the owner registers on each CloudPRNT server (SDP servers know the printer by the ID set in the window). */
function printerIdLines(bindings: ServiceConfig['onlineOrders']): string[] {
  return (bindings ?? [])
    .filter((binding) => binding.protocol === 'cloudprnt')
    .map((binding) => `  CloudPRNT printer id to register on ${new URL(binding.url).host}: ${printerMacOf(binding.url, binding.printer)}`);
}

/** The secure listener at start: where it serves and until when, or why it does not (plain ws:// serves anyway). */
function secureLines(tls: TlsHealth | undefined, shown: string): string[] {
  if (!tls) return [];
  if (tls.status === 'error') return [`  secure wss:// NOT serving: ${tls.mensaje}`];
  const expiry = tls.days_left < 0 ? 'EXPIRED' : `expires ${tls.valid_to.slice(0, 10)}${tls.expires_soon ? ' (renew it soon)' : ''}`;
  return [
    `  secure: wss://${shown}:${tls.port}/ws (https://${shown}:${tls.port}/)`,
    `  certificate for ${tls.names.join(', ') || tls.subject} · ${expiry}`,
  ];
}
