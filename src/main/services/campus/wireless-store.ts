import fs from 'node:fs';
import path from 'node:path';
import type { CampusFailure, WirelessReading } from '../../../shared/contract/campus-types';
import { cleanFailure, cleanWireless } from './campus-clean';

/** What is kept between runs: the last good reading, and how the last attempt went. */
export interface WirelessRecord {
  lastGood: WirelessReading | null;
  lastAttemptAt: number | null;
  lastFailure: CampusFailure | null;
}

const EMPTY: WirelessRecord = { lastGood: null, lastAttemptAt: null, lastFailure: null };

/**
 * The last good wireless value and when it was fetched, in one small JSON file, so the window still shows it (marked
 * stale) when the campus service is down — also after a restart. A file that cannot be read or written never stops
 * anything: the store starts empty (or keeps the value in memory) and says why through `log`.
 */
export class WirelessStore {
  private record: WirelessRecord;

  constructor(
    private readonly file: string,
    private readonly log?: (line: string) => void,
  ) {
    this.record = this.load();
  }

  get current(): WirelessRecord {
    return this.record;
  }

  succeeded(reading: WirelessReading): void {
    this.save({ lastGood: reading, lastAttemptAt: reading.fetchedAt, lastFailure: null });
  }

  /** The last good value stays: that is what the window shows, marked stale. */
  failed(failure: CampusFailure, at: number): void {
    this.save({ ...this.record, lastAttemptAt: at, lastFailure: failure });
  }

  private load(): WirelessRecord {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log?.(`Campus: cannot read ${this.file} (${(error as NodeJS.ErrnoException).code ?? 'error'}); starting without a kept value`);
      return EMPTY;
    }
    try {
      return recordOf(JSON.parse(text) as unknown);
    } catch {
      this.log?.(`Campus: ${this.file} is damaged; starting without a kept value`);
      return EMPTY;
    }
  }

  private save(given: WirelessRecord): void {
    // The one way into the file: whatever a server said is stored redacted.
    const record: WirelessRecord = {
      ...given,
      lastGood: given.lastGood && { ...given.lastGood, ...cleanWireless(given.lastGood) },
      lastFailure: given.lastFailure && cleanFailure(given.lastFailure),
    };
    this.record = record;
    const temporary = `${this.file}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temporary, JSON.stringify(record));
      fs.renameSync(temporary, this.file);
    } catch (error) {
      this.log?.(`Campus: cannot save ${this.file} (${(error as NodeJS.ErrnoException).code ?? 'error'}); the value is kept until the app stops`);
    }
  }
}

/** Only what this store wrote is accepted: anything else is treated as damaged. */
function recordOf(value: unknown): WirelessRecord {
  if (typeof value !== 'object' || value === null) throw new Error('not an object');
  const { lastGood, lastAttemptAt, lastFailure } = value as Partial<Record<keyof WirelessRecord, unknown>>;
  const time = (at: unknown): number | null => (typeof at === 'number' && Number.isFinite(at) ? at : null);
  let good: WirelessReading | null = null;
  if (typeof lastGood === 'object' && lastGood !== null) {
    const { count, lastUpdated, fetchedAt } = lastGood as Record<string, unknown>;
    const at = time(fetchedAt);
    if (at !== null && (count === null || Number.isInteger(count)) && (lastUpdated === null || typeof lastUpdated === 'string')) {
      good = { count: count as number | null, lastUpdated: lastUpdated as string | null, fetchedAt: at };
    }
  }
  if (good) good = { ...good, ...cleanWireless(good) };
  return { lastGood: good, lastAttemptAt: time(lastAttemptAt), lastFailure: cleanFailure(lastFailure) };
}
