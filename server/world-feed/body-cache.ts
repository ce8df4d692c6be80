// Rendered feed bodies by feed key, valid while their stamp (the versions they were made from) holds.

const CACHE_LIMIT = 4096;

export class BodyCache {
  private readonly entries = new Map<string, { readonly stamp: string; readonly body: string }>();

  /** The body cached under `key` for `stamp`, else `render()`'s, cached. */
  get(key: string, stamp: string, render: () => string): string {
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.body;
    const body = render();
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(key, { stamp, body });
    return body;
  }

  clear(): void {
    this.entries.clear();
  }
}
