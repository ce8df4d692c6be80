// The version of one sport's slice of the world: the highest version among its matches and its
// moved-event marks. Update signatures encode it, so a change in another sport does not make a
// client's signature stale (S7-19: unchanged → 304).
import type { MatchState, WorldState } from '../../sim/world/state';

export function sportVersion(world: WorldState, sportId: number): number {
  let version = 0;
  for (const match of world.matches.values()) {
    if (match.sportId === sportId && match.version > version) version = match.version;
  }
  for (const [id, moved] of world.moved) {
    if (moved > version && world.matches.get(id)?.sportId === sportId) version = moved;
  }
  return version;
}

export function matchesOfSport(world: WorldState, sportId: number): MatchState[] {
  const out: MatchState[] = [];
  for (const match of world.matches.values()) if (match.sportId === sportId) out.push(match);
  return out;
}

/** Every sport's version in one pass over the world (what `sportVersion` gives for each sport). */
export function sportVersions(world: WorldState): Map<number, number> {
  const versions = new Map<number, number>();
  for (const match of world.matches.values()) {
    if (match.version > (versions.get(match.sportId) ?? 0)) versions.set(match.sportId, match.version);
  }
  for (const [id, moved] of world.moved) {
    const sportId = world.matches.get(id)?.sportId;
    if (sportId !== undefined && moved > (versions.get(sportId) ?? 0)) versions.set(sportId, moved);
  }
  return versions;
}

/**
 * Sport versions and each sport's match ids, kept up to date from the matches the facts touch, so a
 * changing world is not scanned once per sport (the replay of a whole day asks for them thousands
 * of times a second). A match's version and move mark only grow, so a sport's version is the
 * maximum of what it was and its touched matches'; removals (archives) or a match changing sport
 * rebuild the index from the world. Per sport it also logs which matches changed at which version,
 * so an update since a recent version looks at the matches changed since, not at the whole sport.
 */
export class SportIndex {
  private state: WorldState | null = null;
  private versions = new Map<number, number>();
  private readonly members = new Map<number, Set<string>>();
  /** Per sport: match ids in the order of the version they changed at (versions ascending). */
  private readonly changes = new Map<number, { versions: number[]; ids: string[] }>();

  /** The index of `world`, rebuilt when the world is not the one it was last brought to. */
  private at(world: WorldState): void {
    if (this.state !== world) this.rebuild(world);
  }

  private rebuild(world: WorldState): void {
    this.state = world;
    this.versions = sportVersions(world);
    this.members.clear();
    this.changes.clear();
    const sorted = [...world.matches.values()].sort((a, b) => a.version - b.version);
    for (const match of sorted) {
      this.member(match.sportId).add(match.id);
      this.logChange(match.sportId, match.version, match.id);
    }
  }

  private logChange(sportId: number, version: number, id: string): void {
    let log = this.changes.get(sportId);
    if (!log) {
      log = { versions: [], ids: [] };
      this.changes.set(sportId, log);
    }
    log.versions.push(version);
    log.ids.push(id);
  }

  private member(sportId: number): Set<string> {
    let set = this.members.get(sportId);
    if (!set) {
      set = new Set();
      this.members.set(sportId, set);
    }
    return set;
  }

  /**
   * Brings the index from the world it was at to `world`, where only the matches `touched` changed
   * (or were added). `removed` says matches may have left the world: the index is rebuilt.
   */
  advance(world: WorldState, touched: Iterable<string>, removed: boolean): void {
    const previous = this.state;
    if (previous === null || removed) {
      this.rebuild(world);
      return;
    }
    if (previous === world) return;
    // Matches changed by these facts carry versions above every earlier one: logged in order.
    const changed: MatchState[] = [];
    for (const id of touched) {
      const match = world.matches.get(id);
      if (!match) continue;
      const before = previous.matches.get(id);
      if (before && before.sportId !== match.sportId) {
        this.rebuild(world);
        return;
      }
      this.member(match.sportId).add(id);
      if (match.version > previous.version && before?.version !== match.version) changed.push(match);
      const version = Math.max(match.version, world.moved.get(id) ?? 0);
      if (version > (this.versions.get(match.sportId) ?? 0)) this.versions.set(match.sportId, version);
    }
    changed.sort((a, b) => a.version - b.version);
    for (const match of changed) this.logChange(match.sportId, match.version, match.id);
    this.state = world;
    for (const [sportId, log] of this.changes) {
      // Compacted when it outgrows the sport: one entry per match, at its latest version.
      if (log.ids.length > 4 * (this.members.get(sportId)?.size ?? 0) + 1024) this.compact(world, sportId);
    }
  }

  private compact(world: WorldState, sportId: number): void {
    const sorted = this.matches(world, sportId).sort((a, b) => a.version - b.version);
    this.changes.delete(sportId);
    for (const match of sorted) this.logChange(sportId, match.version, match.id);
  }

  /** The sport's matches whose version is above `since` (what an update since `since` sends), any order. */
  changedSince(world: WorldState, sportId: number, since: number): MatchState[] {
    this.at(world);
    const out: MatchState[] = [];
    const log = this.changes.get(sportId);
    if (!log) return out;
    // First entry above `since` (versions ascending).
    let lo = 0;
    let hi = log.versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log.versions[mid]! > since) hi = mid;
      else lo = mid + 1;
    }
    const seen = new Set<string>();
    for (let i = lo; i < log.ids.length; i++) {
      const id = log.ids[i]!;
      if (seen.has(id)) continue;
      seen.add(id);
      const match = world.matches.get(id);
      if (match && match.sportId === sportId && match.version > since) out.push(match);
    }
    return out;
  }

  /** `sportVersion(world, sportId)`. */
  version(world: WorldState, sportId: number): number {
    this.at(world);
    return this.versions.get(sportId) ?? 0;
  }

  /** `matchesOfSport(world, sportId)`, in no particular order. */
  matches(world: WorldState, sportId: number): MatchState[] {
    this.at(world);
    const out: MatchState[] = [];
    const ids = this.members.get(sportId);
    if (!ids) return out;
    for (const id of ids) {
      const match = world.matches.get(id);
      if (match) out.push(match);
    }
    return out;
  }
}

/** Display order inside a league: start time, then the sort participant, then id (stable). */
export function compareMatches(a: MatchState, b: MatchState): number {
  const ta = a.fields.startTime ?? 0;
  const tb = b.fields.startTime ?? 0;
  if (ta !== tb) return ta - tb;
  const pa = a.fields.sortParticipant ?? a.fields.home ?? '';
  const pb = b.fields.sortParticipant ?? b.fields.home ?? '';
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
