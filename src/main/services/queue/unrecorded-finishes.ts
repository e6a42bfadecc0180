import type { JobOutcome } from '../../../shared/contract/types';
import type { JobJournal } from '../journal/job-journal';

/** A job's outcome that the journal could not record yet (full disk); kept until it can. */
export interface UnrecordedFinish {
  state: 'success' | 'error';
  mensaje: string;
  at: number;
  outcome: JobOutcome;
  /** Whether any byte may have reached the printer. */
  sent: boolean;
}

/**
 * Finished jobs whose end the journal could not take (full disk), written as soon as it can. Should the process stop
 * first, such a job is found `printing` and reported as interrupted, never printed twice.
 */
export class UnrecordedFinishes {
  private readonly byId = new Map<string, UnrecordedFinish>();

  constructor(private readonly journal: JobJournal) {}

  get(id: string): UnrecordedFinish | undefined {
    return this.byId.get(id);
  }

  keep(id: string, finish: UnrecordedFinish): void {
    this.byId.set(id, finish);
  }

  /** Writes one job's kept end, if there is one; throws when the journal still cannot take it. */
  record(id: string): void {
    const finish = this.byId.get(id);
    if (!finish) return;
    this.journal.markFinished(id, finish.state, finish.mensaje, finish.at, finish.outcome, null, finish.sent);
    this.byId.delete(id);
  }

  /** Writes every kept end, oldest first; false when the journal refused one (the rest wait for the next chance). */
  recordAll(): boolean {
    for (const id of this.byId.keys()) {
      try {
        this.record(id);
      } catch {
        return false;
      }
    }
    return true;
  }
}
