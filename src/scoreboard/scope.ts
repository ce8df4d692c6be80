// The data scopes the page swaps between (S3-65, S4-9): each holds its leagues and event rows in
// Maps keyed by id, and the snapshot readers get is a live read-only view of the shown one.
import type { EventRecord } from '../protocol/list-feed-types';
import type { EventComparator, LeagueComparator } from './event-order';
import type { Row } from './row';
import type { ScopeName } from './store-api';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from './types';

/** A scope's events: a read-only Map view over its rows that builds each event on first read. */
class EventsView implements ReadonlyMap<string, ScoreboardEvent> {
  constructor(private readonly rows: Map<string, Row>) {}
  get size(): number {
    return this.rows.size;
  }
  get(id: string): ScoreboardEvent | undefined {
    return this.rows.get(id)?.event();
  }
  has(id: string): boolean {
    return this.rows.has(id);
  }
  keys(): MapIterator<string> {
    return this.rows.keys();
  }
  *values(): MapIterator<ScoreboardEvent> {
    for (const row of this.rows.values()) yield row.event();
  }
  *entries(): MapIterator<[string, ScoreboardEvent]> {
    for (const [id, row] of this.rows) yield [id, row.event()];
  }
  [Symbol.iterator](): MapIterator<[string, ScoreboardEvent]> {
    return this.entries();
  }
  forEach(callback: (value: ScoreboardEvent, key: string, map: ReadonlyMap<string, ScoreboardEvent>) => void): void {
    for (const [id, row] of this.rows) callback(row.event(), id, this);
  }
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class Scope {
  readonly leagues = new Map<string, ScoreboardLeague>();
  readonly rows = new Map<string, Row>();
  readonly events: ReadonlyMap<string, ScoreboardEvent> = new EventsView(this.rows);
  /** Ids of rows with a highlight that has not been expired yet. */
  readonly highlighted = new Set<string>();
  leagueOrder: readonly string[] = [];
  sportId: number | null = null;
  countryPage = false;
  constructor(readonly name: ScopeName) {}

  get empty(): boolean {
    return this.rows.size === 0 && this.leagues.size === 0;
  }

  clear(): void {
    this.rows.clear();
    this.leagues.clear();
    this.highlighted.clear();
    this.leagueOrder = [];
  }

  /** The held ones of `ids` in display order (S4-26). */
  sortedEventIds(ids: readonly string[], compare: EventComparator): string[] {
    const records: EventRecord[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) records.push(row.fields as EventRecord);
    }
    records.sort(compare);
    return records.map((record) => record.id);
  }

  /** Puts the leagues in display order (S4-26), keeping the old array when the order did not move. */
  reorderLeagues(compare: LeagueComparator): void {
    const order = [...this.leagues.values()].sort(compare).map((league) => league.id);
    if (!sameIds(order, this.leagueOrder)) this.leagueOrder = order;
  }
}

/** Both scopes, which one is shown, and the snapshot of the shown one. */
export class Scopes {
  readonly all: readonly Scope[];
  private readonly byName: Map<ScopeName, Scope>;
  active: ScopeName = 'default';
  private cached: ScoreboardSnapshot | null = null;

  constructor() {
    this.all = [new Scope('default'), new Scope('mygames')];
    this.byName = new Map(this.all.map((scope) => [scope.name, scope]));
  }

  get(name: ScopeName = this.active): Scope {
    return this.byName.get(name)!;
  }

  /** Whether `scope` is the one the page shows. */
  shows(scope: Scope): boolean {
    return scope.name === this.active;
  }

  /** The shown scope as of store version `version`; the same object until the version moves. */
  snapshot(version: number, listVersion: number): ScoreboardSnapshot {
    if (this.cached && this.cached.version === version) return this.cached;
    const scope = this.get();
    this.cached = {
      version,
      listVersion,
      sportId: scope.sportId,
      leagueOrder: scope.leagueOrder,
      leagues: scope.leagues,
      events: scope.events,
    };
    return this.cached;
  }
}
