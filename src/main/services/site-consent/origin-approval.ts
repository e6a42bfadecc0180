import type { IncomingMessage } from 'node:http';
import { isUnderDomain, parentDomainOf } from '../../../shared/contract/origin-domains';
import { MAX_PENDING_ORIGINS, isCanonicalOrigin, type OriginRequest, type OriginsView } from '../../../shared/contract/origin-types';
import { isTrustedCaller } from '../app-api/request-guard';
import { PendingOrigins } from './pending-origins';
import { QuestionBudget, type QuestionLimits } from './question-budget';

/** What the server asks about each browser page that opens `/ws` or calls a vendor door (requests without `Origin` never get here). */
export interface OriginGate {
  /** `/ws`: a site the owner allowed, or the service's own pages (the window), whose every ticket still carries the token. */
  admits(origin: string, request: IncomingMessage): boolean;
  /**
   * The owner's consent alone: a site the owner allowed (an unknown one becomes a question). The vendor doors take a
   * page on this, never on Origin matching Host: both are the caller's choice, and their requests carry no token.
   */
  allowsSite(origin: string, request: IncomingMessage): boolean;
  view(): OriginsView;
}

export interface OriginLists {
  allowed: readonly string[];
  denied: readonly string[];
  /** Domains refused with all their subdomains. */
  deniedDomains: readonly string[];
}

export interface OriginApprovalOptions {
  /** The lists in force, read at every connection: an answer saved in the settings applies to the next one. */
  lists(): OriginLists;
  /** The flag that fixed the allowed list for this run; unknown sites are then refused without asking. */
  fixedBy?: string;
  /** A new question for the owner (at most QUESTION_BUDGET's rate; the window is told, see OriginNotices). */
  onRequest?(request: OriginRequest): void;
  now?(): number;
  /** Tests: other limits than QUESTION_BUDGET. */
  budget?: Readonly<QuestionLimits>;
}

/**
 * The owner decides which web sites may print, once per site: allowed ones connect, refused ones get 403, and an
 * unknown one is refused too but remembered as a question for the owner — within a budget (QuestionBudget), and
 * only while fewer than MAX_PENDING_ORIGINS wait. The service's own pages (the window) always connect to `/ws`, so no
 * answer can lock the owner out of the window that gives answers.
 */
export class OriginApproval implements OriginGate {
  private readonly pending = new PendingOrigins(MAX_PENDING_ORIGINS);
  private readonly budget: QuestionBudget;
  private notAsked = 0;

  constructor(private readonly options: OriginApprovalOptions) {
    this.budget = new QuestionBudget(this.now(), options.budget);
  }

  admits(origin: string, request: IncomingMessage): boolean {
    // Same origin as the page at `/` and reached by a name nobody outside the shop controls (no DNS rebinding).
    return isTrustedCaller(request) || this.allowsSite(origin, request);
  }

  allowsSite(origin: string, request: IncomingMessage): boolean {
    const lists = this.options.lists();
    // A site allowed by name prints even under a refused domain: the owner chose it on its own.
    if (lists.allowed.includes(origin)) return true;
    if (this.options.fixedBy !== undefined || !isCanonicalOrigin(origin) || isRefused(origin, lists)) return false;
    const now = this.now();
    // Once per site: a page retrying every second must not flood the window with the same question.
    if (this.pending.touch(origin, now)) return false;
    // Questions answered by a settings change free their place (looked at only when the list is full: it is rare).
    if (this.pending.full) this.pending.removeWhere((waiting) => lists.allowed.includes(waiting) || isRefused(waiting, lists));
    if (this.pending.full || !this.budget.take(request.socket.remoteAddress ?? 'unknown', now)) {
      this.notAsked += 1;
      return false;
    }
    this.options.onRequest?.(this.pending.add(origin, parentDomainOf(origin), now));
    return false;
  }

  /** The owner answered (or forgot) this site: there is nothing left to ask about it. */
  settle(origin: string): void {
    this.pending.remove(origin);
  }

  /** The owner refused a whole domain: none of its sites is a question any more. */
  settleDomain(domain: string): void {
    this.pending.removeWhere((origin) => isUnderDomain(origin, domain));
  }

  view(): OriginsView {
    const lists = this.options.lists();
    // A site answered some other way (a settings change, another window) is no longer a question.
    const pending = this.pending.list().filter((request) => !lists.allowed.includes(request.origin) && !isRefused(request.origin, lists));
    return {
      allowed: [...lists.allowed],
      denied: [...lists.denied],
      deniedDomains: [...lists.deniedDomains],
      pending,
      notAsked: this.notAsked,
      fixedBy: this.options.fixedBy ?? null,
    };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

function isRefused(origin: string, lists: OriginLists): boolean {
  return lists.denied.includes(origin) || (lists.deniedDomains.length > 0 && isUnderDomain(origin, lists.deniedDomains));
}

/** A standalone server's gate (no window to ask): its configured list, everything else refused. */
export function fixedOriginList(allowed: readonly string[]): OriginApproval {
  return new OriginApproval({ lists: () => ({ allowed, denied: [], deniedDomains: [] }), fixedBy: 'config' });
}
