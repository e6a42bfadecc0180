import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { connectFleet, type FleetClient, type FleetOptions } from '../../../../clients/js/src/fleet.mjs';
import { TicketeraError } from '../../../../clients/js/src/errors.mjs';
import type { PrintDocument } from '../../../../clients/js/src/receipt-builder.mjs';
import { flagsOrUsage, type CliCommand } from '../command';
import { cliLanguage } from '../cli-language';
import { adviceFor, credentialsInUrlText, droppedRepliesText, FLEET_TEXTS, siteLine } from './fleet-messages';
import { untilStopped } from '../until-stopped';

const USAGE =
  'fleet sites|watch|print [--fleet-url mqtts://HOST:8883] [--ca FILE] [--cert FILE --key FILE] [--json] ' +
  '| fleet print --site SITE DOC.json [--id ID] [--printer URI] [--expires SECONDS] [--token T]';

const OPTIONS = {
  'fleet-url': { type: 'string' },
  // The older name, still taken (with a note): serve's is --fleet-url.
  url: { type: 'string' },
  ca: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  site: { type: 'string' },
  id: { type: 'string' },
  printer: { type: 'string' },
  expires: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>>;

/**
 * The chain's side from a terminal: every shop's last state, a document printed in one shop, live state changes.
 * The broker's user name and password come from TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD, never a flag.
 */
export const fleetCommand: CliCommand = {
  name: 'fleet',
  usage: USAGE,
  summary: "A chain's shops through its MQTT broker: sites (every shop's state), print --site S DOC.json, watch (live).",
  async run(args) {
    const language = cliLanguage();
    const flags = flagsOrUsage(args, (given) => parseArgs({ args: given, options: OPTIONS, allowPositionals: true, strict: true }), USAGE);
    if (!flags) return 2;
    const [action, ...rest] = flags.positionals;
    const url = brokerUrl(flags, language);
    if (url === undefined) return 2;
    if (action !== 'sites' && action !== 'watch' && action !== 'print') {
      process.stderr.write(`Usage: npm run cli -- ${USAGE}\n`);
      return 2;
    }
    let fleet: FleetClient;
    try {
      fleet = connectFleet(url, connectOptions(flags));
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      return 2;
    }
    try {
      if (action === 'sites') return await sites(fleet, flags, language);
      if (action === 'watch') return await watch(fleet, flags, language);
      return await print(fleet, flags, rest[0], language);
    } finally {
      await fleet.close();
    }
  },
};

/** The broker from --fleet-url, --url (its older name) or TICKETERA_FLEET_URL; undefined once the problem is said. */
function brokerUrl(flags: Flags, language: 'en' | 'es'): string | undefined {
  const { url: old } = flags.values;
  const preferred = flags.values['fleet-url'];
  if (preferred !== undefined && old !== undefined) {
    process.stderr.write(`${FLEET_TEXTS.bothUrls[language]}\n`);
    return undefined;
  }
  if (old !== undefined) process.stderr.write(`${FLEET_TEXTS.urlAlias[language]}\n`);
  const url = preferred ?? old ?? process.env['TICKETERA_FLEET_URL'];
  if (!url) {
    process.stderr.write(`${FLEET_TEXTS.noUrl[language]}\n`);
    return undefined;
  }
  const source = preferred !== undefined ? '--fleet-url' : old !== undefined ? '--url' : 'TICKETERA_FLEET_URL';
  if (hasCredentials(url)) {
    process.stderr.write(`${credentialsInUrlText(source, language)}\n`);
    return undefined;
  }
  return url;
}

const hasCredentials = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    // Not an address at all: connectFleet says so.
    return false;
  }
};

function connectOptions(flags: Flags): FleetOptions {
  const env = process.env;
  const read = (file: string | undefined): Buffer | undefined => (file ? fs.readFileSync(file) : undefined);
  const token = flags.values.token ?? env['TICKETERA_TOKEN'];
  const ca = read(flags.values.ca);
  const cert = read(flags.values.cert);
  const key = read(flags.values.key);
  return {
    ...(flags.values.site ? { site: flags.values.site } : {}),
    ...(env['TICKETERA_FLEET_USERNAME'] ? { username: env['TICKETERA_FLEET_USERNAME'] } : {}),
    ...(env['TICKETERA_FLEET_PASSWORD'] ? { password: env['TICKETERA_FLEET_PASSWORD'] } : {}),
    ...(token ? { token } : {}),
    ...(ca ? { ca } : {}),
    ...(cert ? { cert } : {}),
    ...(key ? { key } : {}),
  };
}

async function sites(fleet: FleetClient, flags: Flags, language: 'en' | 'es'): Promise<number> {
  const states = await fleet.sites();
  if (fleet.state !== 'open' && states.length === 0) {
    process.stderr.write(`${adviceFor('connection', language)}\n`);
    return 1;
  }
  if (flags.values.json) {
    process.stdout.write(`${JSON.stringify(states, null, 2)}\n`);
    return 0;
  }
  if (states.length === 0) {
    process.stdout.write(`${FLEET_TEXTS.noSites[language]}\n`);
    return 0;
  }
  for (const state of states) process.stdout.write(`${siteLine(state, language)}\n`);
  return 0;
}

async function watch(fleet: FleetClient, flags: Flags, language: 'en' | 'es'): Promise<number> {
  process.stdout.write(`${FLEET_TEXTS.watching[language]}\n`);
  fleet.onSiteState((state) => {
    if (flags.values.site && state.site !== flags.values.site) return;
    process.stdout.write(`${flags.values.json ? JSON.stringify(state) : `${new Date().toISOString()} ${siteLine(state, language)}`}\n`);
  });
  fleet.onState((state, problem) => process.stdout.write(`${new Date().toISOString()} broker: ${state}${problem ? ` (${problem.message})` : ''}\n`));
  await untilStopped();
  return 0;
}

async function print(fleet: FleetClient, flags: Flags, file: string | undefined, language: 'en' | 'es'): Promise<number> {
  if (!flags.values.site || !file) {
    process.stderr.write(`Usage: npm run cli -- ${USAGE}\n`);
    return 2;
  }
  let document: PrintDocument;
  try {
    document = JSON.parse(fs.readFileSync(file, 'utf8')) as PrintDocument;
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const expires = flags.values.expires === undefined ? undefined : Number(flags.values.expires);
  if (expires !== undefined && (!Number.isInteger(expires) || expires <= 0)) {
    process.stderr.write('--expires must be a whole number of seconds above 0\n');
    return 2;
  }
  let acked = false;
  try {
    const result = await fleet.print(document, {
      ...(flags.values.id ? { id: flags.values.id } : {}),
      ...(flags.values.printer ? { printer: flags.values.printer } : {}),
      ...(expires !== undefined ? { expiresInSeconds: expires } : {}),
      // The shop acknowledges again each time the ticket is asked about (see ASK_AGAIN_MS): said once.
      onAck: (ack) => {
        if (acked) return;
        acked = true;
        process.stdout.write(`${ack.id}: ${language === 'es' ? 'recibido' : 'queued'} (${ack.current}/${ack.capacity})\n`);
      },
    });
    process.stdout.write(flags.values.json ? `${JSON.stringify(result)}\n` : `${result.id}: ${result.mensaje}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TicketeraError)) throw error;
    process.stderr.write(`${error.id ?? ''}${error.id ? ': ' : ''}${error.message}\n${adviceFor(error.kind, language)}\n`);
    return 1;
  } finally {
    // Whatever the outcome, the person at the terminal learns that some shop answered what it should not.
    if (fleet.droppedReplies > 0) process.stderr.write(`${droppedRepliesText(fleet.droppedReplies, language)}\n`);
  }
}
