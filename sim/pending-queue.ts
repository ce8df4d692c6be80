// The simulation's agenda: facts waiting for their time and fixtures waiting to be played out,
// ordered by time and then by arrival, so the order never depends on how time is stepped.
import type { FactBody } from './facts';
import type { Fixture } from './plan/types';

export type Agenda =
  | { readonly time: number; readonly order: number; readonly body: FactBody; readonly fixture?: undefined }
  | {
      readonly time: number;
      readonly order: number;
      readonly fixture: Fixture;
      /** Facts of the fixture's script already written (a pre-match prefix); -1 for a fresh fixture. */
      readonly skip: number;
      readonly body?: undefined;
    };

/** A binary min-heap on (time, order). */
export class PendingQueue {
  private readonly heap: Agenda[] = [];
  private counter = 0;

  get size(): number {
    return this.heap.length;
  }

  peekTime(): number {
    return this.heap.length > 0 ? this.heap[0]!.time : Number.POSITIVE_INFINITY;
  }

  pushFact(time: number, body: FactBody): void {
    this.push({ time, order: this.counter++, body });
  }

  pushFixture(time: number, fixture: Fixture, skip = -1): void {
    this.push({ time, order: this.counter++, fixture, skip });
  }

  pop(): Agenda | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private less(a: Agenda, b: Agenda): boolean {
    return a.time < b.time || (a.time === b.time && a.order < b.order);
  }

  private push(item: Agenda): void {
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(heap[i]!, heap[parent]!)) break;
      const tmp = heap[i]!;
      heap[i] = heap[parent]!;
      heap[parent] = tmp;
      i = parent;
    }
  }

  private down(start: number): void {
    const heap = this.heap;
    const n = heap.length;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(heap[l]!, heap[m]!)) m = l;
      if (r < n && this.less(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      const tmp = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = tmp;
      i = m;
    }
  }
}
