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
 * rebuild the index from the world.
 */
export class SportIndex {
  private state: WorldState | null = null;
  private versions = new Map<number, number>();
  private readonly members = new Map<number, Set<string>>();

  /** The index of `world`, rebuilt when the world is not the one it was last brought to. */
  private at(world: WorldState): void {
    if (this.state !== world) this.rebuild(world);
  }

  private rebuild(world: WorldState): void {
    this.state = world;
    this.versions = sportVersions(world);
    this.members.clear();
    for (const match of world.matches.values()) this.member(match.sportId).add(match.id);
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
    for (const id of touched) {
      const match = world.matches.get(id);
      if (!match) continue;
      const before = previous.matches.get(id);
      if (before && before.sportId !== match.sportId) {
        this.rebuild(world);
        return;
      }
      this.member(match.sportId).add(id);
      const version = Math.max(match.version, world.moved.get(id) ?? 0);
      if (version > (this.versions.get(match.sportId) ?? 0)) this.versions.set(match.sportId, version);
    }
    this.state = world;
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
