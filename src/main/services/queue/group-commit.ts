/**
 * Collects items arriving in the same event-loop turn and hands them to `commit` together, so fifty tickets
 * arriving at once cost one durable transaction (one flush) instead of fifty. Each caller learns whether its item was saved.
 * When a batch fails for a reason that may be one item's (not the disk's: see `retryAlone`), its items are
 * committed one by one, so one bad ticket never fails the others of its turn.
 */
export class GroupCommit<T> {
  private pending: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly commit: (items: readonly T[]) => void | Promise<void>,
    /** Whether a batch that failed with this error is worth retrying item by item. */
    private readonly retryAlone: (error: unknown) => boolean = () => true,
  ) {}

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
    void this.save(batch);
  };

  private async save(batch: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }>): Promise<void> {
    try {
      await this.commit(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1 || !this.retryAlone(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) {
        try {
          await this.commit([entry.item]);
          entry.resolve();
        } catch (itemError) {
          entry.reject(itemError);
        }
      }
      return;
    }
    for (const entry of batch) entry.resolve();
  }
}
