// Rendered feed bodies by feed key, valid while their stamp (the versions they were made from) holds; and for update
// feeds, a small ring per feed of the answers for the client versions recently asked about.

const CACHE_LIMIT = 4096;
/**
 * Client versions an update feed keeps answers for at once. After a push every client asks from the version it
 * had, so a handful covers them; a client further behind costs one render, which takes the oldest slot.
 */
export const UPDATE_RING_SIZE = 8;

interface Ring {
  stamp: string;
  readonly froms: number[];
  readonly bodies: string[];
  /** The slot the next new version takes. */
  next: number;
}

export class BodyCache {
  private readonly entries = new Map<string, { readonly stamp: string; readonly body: string }>();
  private readonly rings = new Map<string, Ring>();
  private renders = 0;

  /** The body cached under `key` for `stamp`, else `render()`'s, cached. */
  get(key: string, stamp: string, render: () => string): string {
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.body;
    const body = this.render(render);
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(key, { stamp, body });
    return body;
  }

  /**
   * The update feed `key`'s answer for a client at version `from` while the feed is at `stamp`: from the ring, else
   * rendered once into it. A new stamp empties the ring (its answers describe an older world).
   */
  update(key: string, stamp: string, from: number, render: () => string): string {
    let ring = this.rings.get(key);
    if (!ring) {
      if (this.rings.size >= CACHE_LIMIT) this.rings.clear();
      ring = { stamp, froms: [], bodies: [], next: 0 };
      this.rings.set(key, ring);
    } else if (ring.stamp !== stamp) {
      ring.stamp = stamp;
      ring.froms.length = 0;
      ring.bodies.length = 0;
      ring.next = 0;
    }
    const at = ring.froms.indexOf(from);
    if (at >= 0) return ring.bodies[at];
    const body = this.render(render);
    ring.froms[ring.next] = from;
    ring.bodies[ring.next] = body;
    ring.next = (ring.next + 1) % UPDATE_RING_SIZE;
    return body;
  }

  /** Bodies rendered so far (a hit renders nothing). */
  renderCount(): number {
    return this.renders;
  }

  clear(): void {
    this.entries.clear();
    this.rings.clear();
  }

  private render(render: () => string): string {
    this.renders += 1;
    return render();
  }
}
