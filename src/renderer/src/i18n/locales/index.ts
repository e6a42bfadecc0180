import type { Language } from '../../../../shared/contract/settings';
import { en } from './en';
import { es, type Messages } from './es';
import { addPrinterEn, addPrinterEs } from './add-printer';
import { adminEn, adminEs } from './admin';
import { campusEn, campusEs } from './campus';
import { designerEn, designerEs } from './designer';
import { designerOptionsEn, designerOptionsEs } from './designer-options';
import { eposEn, eposEs } from './epos';
import { fleetEn, fleetEs } from './fleet';
import { homeEn, homeEs } from './home';
import { jobSourceEn, jobSourceEs } from './job-source';
import { liveEn, liveEs } from './live';
import { optionalServicesEn, optionalServicesEs } from './optional-services';
import { noticesEn, noticesEs } from './notices';
import { onlineOrdersEn, onlineOrdersEs } from './online-orders';
import { originsEn, originsEs } from './origins';
import { pagesEn, pagesEs } from './pages';
import { printerStatusEn, printerStatusEs } from './printer-status';
import { printerStopEn, printerStopEs } from './printer-stop';
import { printerWordsEn, printerWordsEs } from './printer-words';
import { printersAndJobsEn, printersAndJobsEs } from './printers-and-jobs';
import { relativeTimeEn, relativeTimeEs } from './relative-time';
import { servicesEn, servicesEs } from './services';
import { settingsPageEn, settingsPageEs } from './settings-page';
import { tlsEn, tlsEs } from './tls';
import { translationEn, translationEs } from './translation';
import { translationWithoutKeyEn, translationWithoutKeyEs } from './translation-without-key';
import { unsavedChangesEn, unsavedChangesEs } from './unsaved-changes';
import { wordsEn, wordsEs } from './words';

/** Turns `A | B` into `A & B`: the window's texts are every area's texts together. */
type AllOf<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void ? All : never;

/**
 * Each area's texts, Spanish then English, one line per area (in file-name order, so two people adding areas rarely
 * touch the same line). Every area file types its English by its Spanish, so a key missing in one language fails there.
 */
const AREAS = [
  [addPrinterEs, addPrinterEn],
  [adminEs, adminEn],
  [campusEs, campusEn],
  [designerEs, designerEn],
  [designerOptionsEs, designerOptionsEn],
  [eposEs, eposEn],
  [fleetEs, fleetEn],
  [homeEs, homeEn],
  [jobSourceEs, jobSourceEn],
  [liveEs, liveEn],
  [optionalServicesEs, optionalServicesEn],
  [noticesEs, noticesEn],
  [onlineOrdersEs, onlineOrdersEn],
  [originsEs, originsEn],
  [pagesEs, pagesEn],
  [printerStatusEs, printerStatusEn],
  [printerStopEs, printerStopEn],
  [printerWordsEs, printerWordsEn],
  [printersAndJobsEs, printersAndJobsEn],
  [relativeTimeEs, relativeTimeEn],
  [servicesEs, servicesEn],
  [settingsPageEs, settingsPageEn],
  [tlsEs, tlsEn],
  [translationEs, translationEn],
  [translationWithoutKeyEs, translationWithoutKeyEn],
  [unsavedChangesEs, unsavedChangesEn],
  [wordsEs, wordsEn],
] as const;

type Texts = Messages & AllOf<(typeof AREAS)[number][0]>;

/**
 * Every language the window speaks, one object per language (the shell's texts in es.ts/en.ts, each area's in its
 * own file). TypeScript refuses a language of the contract without its texts.
 */
export const LOCALES: Record<Language, Texts> = {
  es: Object.assign({}, es, ...AREAS.map(([spanish]) => spanish)) as Texts,
  en: Object.assign({}, en, ...AREAS.map(([, english]) => english)) as Texts,
};
