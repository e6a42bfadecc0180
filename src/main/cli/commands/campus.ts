import path from 'node:path';
import { parseArgs } from 'node:util';
import { CAMPUS_FORMATS, collectedAtOf, wirelessLevel, type CampusEnvelope, type CampusFormat, type ChangelogEntry, type WirelessAuth } from '../../../shared/contract/campus-types';
import { resolveCampusAccess, type CampusAccess } from '../../services/campus/campus-access';
import { CampusClient } from '../../services/campus/campus-client';
import { CampusStatusError } from '../../services/campus/campus-status-error';
import { changelogDays } from '../../services/campus/changelog-days';
import { ServiceError } from '../../services/http/service-error';
import { defaultDataDir } from '../../services/service-config';
import { NO_ENCRYPTION } from '../../services/settings/encryptor';
import { SettingsStore } from '../../services/settings/settings-store';
import type { CliCommand } from '../command';
import { CAMPUS_TEXTS, campusProblemText, campusServiceText } from './campus-messages';
import { cliLanguage, outsideTextShown, type CliLanguage } from '../cli-language';

const SUBCOMMANDS = ['wireless', 'changelog'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];
const USAGE = 'campus <wireless|changelog> [--format json|xml] [--json] [--server-url URL]';

/**
 * `npm run cli -- campus wireless|changelog`: the campus open-data service's Wi-Fi authentication issues
 * (TICKETERA_CAMPUS_KEY) and its API changelog (no key). Exit 0 with the data, 1 with the clear message when the
 * service fails, 2 for a wrong flag, 130 on Ctrl+C.
 */
export const campusCommand: CliCommand = {
  name: 'campus',
  usage: USAGE,
  summary: "Campus open data: Wi-Fi authentication issues (TICKETERA_CAMPUS_KEY) and the data API's changelog (no key).",
  async run(args) {
    let subcommand: Subcommand;
    let format: CampusFormat;
    let values: { json?: boolean | undefined; 'server-url'?: string | undefined };
    try {
      const parsed = parseArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: { format: { type: 'string', default: 'json' }, json: { type: 'boolean' }, 'server-url': { type: 'string' } },
      });
      const [name, ...extra] = parsed.positionals;
      if (!SUBCOMMANDS.includes(name as Subcommand) || extra.length > 0) throw new Error(name ? `Unknown campus command: ${[name, ...extra].join(' ')}` : 'Which one: wireless or changelog?');
      if (!CAMPUS_FORMATS.includes(parsed.values.format as CampusFormat)) throw new Error(`--format ${parsed.values.format} is not valid: use json or xml`);
      subcommand = name as Subcommand;
      format = parsed.values.format as CampusFormat;
      values = parsed.values;
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${USAGE}\n`);
      return 2;
    }
    const access = campusAccess(values['server-url']);
    const language = cliLanguage();
    const client = new CampusClient({ apiKey: access.apiKey, serverUrl: access.serverUrl });
    const controller = new AbortController();
    const interrupt = (): void => controller.abort();
    process.once('SIGINT', interrupt);
    try {
      const envelope = subcommand === 'wireless' ? await client.wireless(format, controller.signal) : await client.changelog(format, controller.signal);
      // The client hands back every text redacted; the whole output once more, as it is what leaves the program.
      if (values.json) process.stdout.write(outsideTextShown(`${JSON.stringify(envelope, null, 2)}\n`));
      else if (subcommand === 'wireless') process.stdout.write(outsideTextShown(wirelessText(envelope as CampusEnvelope<WirelessAuth>, language)));
      else process.stdout.write(outsideTextShown(changelogText(envelope as CampusEnvelope<ChangelogEntry[]>, language)));
      return 0;
    } catch (error) {
      // The address shown never carries the key: it is the base the person gave, the key travels in the query only.
      if (error instanceof CampusStatusError) {
        process.stderr.write(`${outsideTextShown(campusProblemText(error, access.serverUrl, language))}\n`);
        return 1;
      }
      if (error instanceof ServiceError) {
        process.stderr.write(`${campusServiceText(error, access.serverUrl, language)}\n`);
        return error.kind === 'cancelled' ? 130 : 1;
      }
      throw error;
    } finally {
      process.off('SIGINT', interrupt);
    }
  },
};

function campusAccess(flagServerUrl: string | undefined): CampusAccess {
  // Without Electron there is no keychain: the saved key stays unreadable here (NO_ENCRYPTION), the address is plain.
  const settings = SettingsStore.open(path.join(defaultDataDir(), 'settings.json'), NO_ENCRYPTION);
  return resolveCampusAccess({ flagServerUrl, env: process.env, savedKey: settings.secret('campusApiKey'), savedServerUrl: settings.settings.campusBaseUrl });
}

function wirelessText({ data }: CampusEnvelope<WirelessAuth>, language: CliLanguage): string {
  const collected = collectedAtOf(data.lastUpdated) === null ? null : data.lastUpdated;
  return `${CAMPUS_TEXTS.issues[language](data.count, wirelessLevel(data.count))}\n${CAMPUS_TEXTS.lastUpdated[language](collected)}\n`;
}

function changelogText({ meta, data }: CampusEnvelope<ChangelogEntry[]>, language: CliLanguage): string {
  const days = changelogDays(data);
  if (days.length === 0) return `${CAMPUS_TEXTS.noChanges[language]()}\n`;
  const lines = [CAMPUS_TEXTS.version[language](meta.version), ''];
  for (const day of days) {
    lines.push(day.date ?? CAMPUS_TEXTS.undated[language]());
    for (const change of day.changes) lines.push(`  - ${change}`);
  }
  return `${lines.join('\n')}\n`;
}
