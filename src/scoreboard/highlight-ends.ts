// When highlights end (S9-4), earliest first: a binary min-heap of (end, event, scope). Highlights
// are replaced or cleared without touching the heap; the caller says which entries are still
// current, and stale ones are dropped when they reach the top. So a busy page asks "when does the
// next highlight end?" without walking every highlighted row.

export interface HighlightEnd<S> {
  readonly until: number;
  readonly id: string;
  readonly scope: S;
}

export class HighlightEnds<S> {
  private readonly heap: HighlightEnd<S>[] = [];

  add(entry: HighlightEnd<S>): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.until <= entry.until) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  /** The earliest end still current, or Infinity; stale entries on the way are dropped. */
  first(current: (entry: HighlightEnd<S>) => boolean): number {
    while (this.heap.length > 0) {
      const top = this.heap[0]!;
      if (current(top)) return top.until;
      this.pop();
    }
    return Number.POSITIVE_INFINITY;
  }

  clear(): void {
    this.heap.length = 0;
  }

  get size(): number {
    return this.heap.length;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]!.until < heap[left]!.until ? right : left;
      if (heap[child]!.until >= last.until) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
  }
}
