import type { IncomingMessage } from 'node:http';
import { MAX_PENDING_ORIGINS, isCanonicalOrigin, type OriginRequest, type OriginsView } from '../../../shared/contract/origin-types';
import { isTrustedCaller } from '../app-api/request-guard';
import { PendingOrigins } from './pending-origins';

/** What the server asks about each browser page that opens `/ws` (requests without `Origin` never get here). */
export interface OriginGate {
  admits(origin: string, request: IncomingMessage): boolean;
  view(): OriginsView;
}

export interface OriginLists {
  allowed: readonly string[];
  denied: readonly string[];
}

export interface OriginApprovalOptions {
  /** The lists in force, read at every connection: an answer saved in the settings applies to the next one. */
  lists(): OriginLists;
  /** The flag that fixed the allowed list for this run; unknown sites are then refused without asking. */
  fixedBy?: string;
  /** A site not yet answered tried to connect for the first time (the window asks the owner). */
  onRequest?(request: OriginRequest): void;
  now?(): number;
}

/**
 * The owner decides which web sites may print, once per site: allowed ones connect, refused ones get 403, and an
 * unknown one is refused too but remembered as a question for the owner. The service's own pages (the window)
 * always connect, so no answer can lock the owner out of the window that gives answers.
 */
export class OriginApproval implements OriginGate {
  private readonly pending = new PendingOrigins(MAX_PENDING_ORIGINS);

  constructor(private readonly options: OriginApprovalOptions) {}

  admits(origin: string, request: IncomingMessage): boolean {
    // Same origin as the page at `/` and reached by a name nobody outside the shop controls (no DNS rebinding).
    if (isTrustedCaller(request)) return true;
    const { allowed, denied } = this.options.lists();
    if (allowed.includes(origin)) return true;
    if (denied.includes(origin) || this.options.fixedBy !== undefined || !isCanonicalOrigin(origin)) return false;
    const { request: asked, isNew } = this.pending.note(origin, this.options.now?.() ?? Date.now());
    // Once per site: a page retrying every second must not flood the window with the same question.
    if (isNew) this.options.onRequest?.(asked);
    return false;
  }

  /** The owner answered (or forgot) this site: there is nothing left to ask about it. */
  settle(origin: string): void {
    this.pending.remove(origin);
  }

  view(): OriginsView {
    const { allowed, denied } = this.options.lists();
    // A site answered some other way (a settings change, another window) is no longer a question.
    const pending = this.pending.list().filter((request) => !allowed.includes(request.origin) && !denied.includes(request.origin));
    return { allowed: [...allowed], denied: [...denied], pending, fixedBy: this.options.fixedBy ?? null };
  }
}

/** A standalone server's gate (no window to ask): its configured list, everything else refused. */
export function fixedOriginList(allowed: readonly string[]): OriginApproval {
  return new OriginApproval({ lists: () => ({ allowed, denied: [] }), fixedBy: 'config' });
}
