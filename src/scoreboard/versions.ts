// The store's version counters and its subscribers. A change stamps every row and league it touches
// with the next version, then commits that version here, which tells each subscriber once.
export class Versions {
  /** Increases on every change. */
  version = 0;
  /** The version at which the list's shape last moved (ScoreboardSnapshot.listVersion). */
  listVersion = 0;
  private readonly listeners = new Set<() => void>();

  /** The version a change being applied stamps on what it touches. */
  get next(): number {
    return this.version + 1;
  }

  /** Makes `next` the store version (the list version too when the list's `shape` moved) and tells the subscribers. */
  commit(next: number, shape: boolean): void {
    this.version = next;
    if (shape) this.listVersion = next;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
