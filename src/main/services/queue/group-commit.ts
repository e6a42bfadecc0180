/**
 * Collects items arriving in the same event-loop turn and hands them to `commit` together, so fifty tickets
 * arriving at once cost one durable transaction instead of fifty. Each caller learns whether its item was saved.
 */
export class GroupCommit<T> {
  private pending: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;

  constructor(private readonly commit: (items: readonly T[]) => void) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    try {
      this.commit(batch.map((entry) => entry.item));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    for (const entry of batch) entry.resolve();
  };
}
