import { useState } from 'react';
import { api } from '../../api/api';
import { layoutChangeOf, type LayoutChange } from './reprint-layout';

export interface ReprintCheck {
  /** The change to ask about before reprinting, or null while nothing is asked. */
  change: LayoutChange | null;
  /** Reprints at once when the printer lays the job out as it did, else asks first (see ReprintChangedDialog). */
  request(id: string): Promise<void>;
  confirm(): void;
  cancel(): void;
}

/**
 * A reprint that checks first whether the printer changed since the job printed (its model's roll, columns or
 * dots). The job is read again at the moment of asking: the printer or its model may have changed since the list
 * was shown. Should that read fail, the reprint goes ahead as before and reports its own outcome.
 */
export function useReprintCheck(reprint: (id: string) => void): ReprintCheck {
  const [pending, setPending] = useState<{ id: string; change: LayoutChange } | null>(null);
  return {
    change: pending?.change ?? null,
    async request(id) {
      const job = await api.getJob({ id }).catch(() => null);
      const change = job ? layoutChangeOf(job) : null;
      if (change) setPending({ id, change });
      else reprint(id);
    },
    confirm() {
      if (pending) reprint(pending.id);
      setPending(null);
    },
    cancel() {
      setPending(null);
    },
  };
}
