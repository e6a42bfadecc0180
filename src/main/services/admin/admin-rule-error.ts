import type { AdminRuleBreak } from '../../../shared/contract/admin-types';

/** A request the admin client refuses before sending (a bad range, an unknown grouping): nothing reached the service. */
export class AdminRuleError extends Error {
  constructor(readonly broken: AdminRuleBreak) {
    super(`admin request refused: ${broken.rule}`);
    this.name = 'AdminRuleError';
  }
}
