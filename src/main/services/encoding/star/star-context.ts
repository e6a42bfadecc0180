import type { JobLimits } from '../../../../shared/document/job-limits';
import type { PaperGeometry } from '../../../../shared/document/paper';
import type { PrinterProfile } from '../../../../shared/printer-profiles/printer-profile';
import type { ErrorCategory } from '../../../../shared/protocol';
import type { JobBudget } from '../job-budget';
import type { StarLanguage } from './star-language';
import type { StarWriter } from './star-writer';

/** What each Star command encoder gets (the Star twin of EncodeContext). */
export interface StarContext {
  writer: StarWriter;
  language: StarLanguage;
  profile: PrinterProfile;
  paper: PaperGeometry;
  /** `commands[3]`, prefixed to every error about this command. */
  path: string;
  category: ErrorCategory;
  limits: JobLimits;
  budget: JobBudget;
  /** Raw Star commands pass the Star allow-list first (star-safety), as ESC/POS raw bytes pass safe mode's. */
  safeMode: boolean;
}
