// A read-only map made of a shared base Map and a small layer of changes, so that each world batch
// can "copy" the match map without copying every match: a draft copies only the layer, and once the
// layer grows past a share of the base the next draft folds it into a fresh base. Iteration order,
// size and lookups are those of a Map that received the same sets and deletes.

const DELETED = Symbol('deleted');

/** A change over the base: a new value (in place, or appended after the base) or a deletion. */
type Change<V> = { readonly value: V; readonly appended: boolean } | typeof DELETED;

/** Fold the layer into a new base once it holds more than this share of the base. */
const FOLD_SHARE = 1 / 8;
/** Small maps are copied outright. */
const FOLD_MIN = 256;

export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private frozen = false;
  /** A frozen map's entries as one plain Map, built on its first walk: walks then run at Map speed. */
  private flat: Map<K, V> | null = null;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly changes: Map<K, Change<V>>,
    private count: number,
  ) {}

  /** A writable copy of `from`; share the result only after `freeze()`. */
  static draft<K, V>(from: ReadonlyMap<K, V>): LayeredMap<K, V> {
    if (from instanceof LayeredMap) {
      const layered = from as LayeredMap<K, V>;
      const small = layered.changes.size <= Math.max(FOLD_MIN, layered.base.size * FOLD_SHARE);
      if (small && !layered.flat) return new LayeredMap(layered.base, new Map(layered.changes), layered.count);
      // A frozen map's walk is never written to: it serves as the next base as it is.
      if (layered.frozen) return new LayeredMap(layered.walk(), new Map(), layered.count);
    }
    return new LayeredMap(new Map(from), new Map(), from.size);
  }

  /** Ends the draft: from now on the map never changes. */
  freeze(): this {
    this.frozen = true;
    return this;
  }

  get isFrozen(): boolean {
    return this.frozen;
  }

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    const change = this.changes.get(key);
    if (change === undefined) return this.base.get(key);
    return change === DELETED ? undefined : change.value;
  }

  has(key: K): boolean {
    const change = this.changes.get(key);
    if (change === undefined) return this.base.has(key);
    return change !== DELETED;
  }

  set(key: K, value: V): this {
    this.assertDraft();
    const change = this.changes.get(key);
    if (change === undefined) {
      const inBase = this.base.has(key);
      if (!inBase) this.count += 1;
      this.changes.set(key, { value, appended: !inBase });
    } else if (change === DELETED) {
      // A Map puts a key set again after its deletion at the end.
      this.changes.delete(key);
      this.changes.set(key, { value, appended: true });
      this.count += 1;
    } else {
      this.changes.set(key, { value, appended: change.appended });
    }
    return this;
  }

  delete(key: K): boolean {
    this.assertDraft();
    const change = this.changes.get(key);
    if (change === DELETED) return false;
    if (change === undefined && !this.base.has(key)) return false;
    if (this.base.has(key)) this.changes.set(key, DELETED);
    else this.changes.delete(key);
    this.count -= 1;
    return true;
  }

  entries(): MapIterator<[K, V]> {
    return this.walk().entries();
  }

  keys(): MapIterator<K> {
    return this.walk().keys();
  }

  values(): MapIterator<V> {
    return this.walk().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.walk().entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.walk()) callback.call(thisArg, value, key, this);
  }

  /** What to walk: the base alone, the frozen map's flat copy, or (a draft) a fresh merge. */
  private walk(): ReadonlyMap<K, V> {
    if (this.changes.size === 0) return this.base;
    if (!this.frozen) return new Map(this.merged());
    this.flat ??= new Map(this.merged());
    return this.flat;
  }

  private *merged(): Generator<[K, V]> {
    for (const entry of this.base) {
      const change = this.changes.get(entry[0]);
      if (change === undefined) yield entry;
      else if (change !== DELETED && !change.appended) yield [entry[0], change.value];
    }
    for (const [key, change] of this.changes) {
      if (change !== DELETED && change.appended) yield [key, change.value];
    }
  }

  private assertDraft(): void {
    if (this.frozen) throw new Error('LayeredMap: a frozen map never changes');
  }
}
