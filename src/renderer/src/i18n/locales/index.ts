import type { Language } from '../../../../shared/contract/settings';
import { en } from './en';
import { es, type Messages } from './es';
import { homeEn, homeEs } from './home';
import { designerEn, designerEs } from './designer';
import { liveEn, liveEs } from './live';
import { pagesEn, pagesEs } from './pages';
import { servicesEn, servicesEs } from './services';
import { adminEn, adminEs } from './admin';
import { translationEn, translationEs } from './translation';
import { campusEn, campusEs } from './campus';
import { printerStatusEn, printerStatusEs } from './printer-status';
import { originsEn, originsEs } from './origins';
import { tlsEn, tlsEs } from './tls';
import { fleetEn, fleetEs } from './fleet';
import { addPrinterEn, addPrinterEs } from './add-printer';
import { optionalServicesEn, optionalServicesEs } from './optional-services';
import { wordsEn, wordsEs } from './words';
import { printersAndJobsEn, printersAndJobsEs } from './printers-and-jobs';
import { printerStopEn, printerStopEs } from './printer-stop';
import { noticesEn, noticesEs } from './notices';

/**
 * Every language the window speaks, one object per language (the shell's texts in es.ts/en.ts, each area's in its
 * own file). TypeScript refuses a language of the contract without its texts, and a key missing in one language.
 */
export const LOCALES: Record<Language, Messages & typeof homeEs & typeof pagesEs & typeof designerEs & typeof liveEs & typeof servicesEs & typeof adminEs & typeof translationEs & typeof campusEs & typeof printerStatusEs & typeof tlsEs & typeof originsEs & typeof fleetEs & typeof addPrinterEs & typeof optionalServicesEs & typeof wordsEs & typeof printersAndJobsEs & typeof printerStopEs & typeof noticesEs> = {
  es: { ...es, ...homeEs, ...pagesEs, ...designerEs, ...liveEs, ...servicesEs, ...adminEs, ...translationEs, ...campusEs, ...printerStatusEs, ...tlsEs, ...originsEs, ...fleetEs, ...addPrinterEs, ...optionalServicesEs, ...wordsEs, ...printersAndJobsEs, ...printerStopEs, ...noticesEs },
  en: { ...en, ...homeEn, ...pagesEn, ...designerEn, ...liveEn, ...servicesEn, ...adminEn, ...translationEn, ...campusEn, ...printerStatusEn, ...tlsEn, ...originsEn, ...fleetEn, ...addPrinterEn, ...optionalServicesEn, ...wordsEn, ...printersAndJobsEn, ...printerStopEn, ...noticesEn },
};
